/** The agreements module's routes: proposals and decisions, documents, instalments, staff's late payments. */
import type { FastifyInstance } from 'fastify';
import requestRoutes from './routes/requests';
import documentRoutes from './routes/documents';
import returnRoutes from './routes/returns';
import staffLatePaymentRoutes from './routes/staff';

export default async function agreementRoutes(app: FastifyInstance): Promise<void> {
  await app.register(requestRoutes);
  await app.register(documentRoutes);
  await app.register(returnRoutes);
  await app.register(staffLatePaymentRoutes);
}
