import { createContext, useContext } from 'react';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { Templates } from '@rjsf/mui';

/** The `minItems` of the array being rendered, so its rows know whether one may be removed. */
const MinItems = createContext(0);

const MuiArrayFieldTemplate = Templates.ArrayFieldTemplate!;
const MuiArrayFieldItemTemplate = Templates.ArrayFieldItemTemplate!;

/** The theme's array template, publishing the schema's `minItems` to its rows. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const min = typeof props.schema.minItems === 'number' ? props.schema.minItems : 0;
  return (
    <MinItems.Provider value={min}>
      <MuiArrayFieldTemplate {...props} />
    </MinItems.Provider>
  );
}

/** The theme's row template, without a Remove button while the list holds no more than `minItems` rows. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const min = useContext(MinItems);
  const removable = props.totalItems > min;
  if (removable) return <MuiArrayFieldItemTemplate {...props} />;
  const buttonsProps = { ...props.buttonsProps, hasRemove: false };
  const hasToolbar = buttonsProps.hasMoveUp || buttonsProps.hasMoveDown || buttonsProps.hasCopy;
  return <MuiArrayFieldItemTemplate {...props} buttonsProps={buttonsProps} hasToolbar={hasToolbar} />;
}
