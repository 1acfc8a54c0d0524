/** Project categories, as the project owner form's schema lists them. */
import schema from '../../../../schemas/project-owner.schema.json';

export const CATEGORIES: string[] = (schema.properties.category as { enum: string[] }).enum;
