/**
 * The donations module's routes, in three parts: pledges and receipts (anyone), the payment gateway (its checkout and
 * callbacks, in a scope of their own for the form-encoded bodies), and staff's donations and refunds queues.
 */
import type { FastifyInstance } from 'fastify';
import pledgeRoutes from './routes/pledges';
import gatewayRoutes from './routes/gateway';
import staffRoutes from './routes/staff';

export default async function donationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(pledgeRoutes);
  await app.register(gatewayRoutes);
  await app.register(staffRoutes);
}
