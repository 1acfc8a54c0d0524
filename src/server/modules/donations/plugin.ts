/**
 * Payments: the instructions file (read and checked once, at start-up) and the optional gateway's settings, on
 * `app.payments`. A bad instructions file stops the server with the place and the problem.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { instructionsFor, loadPaymentInstructions, payableOnline, type InstructionsView, type PaymentInstructionsFile } from './instructions';
import type { SslcommerzSettings } from './sslcommerz';
import type { Language } from '../../../shared/i18n/language';

/** SSLCommerz takes amounts from 10 to 500,000 taka per transaction. */
const GATEWAY_MIN = 10;
const GATEWAY_MAX = 500_000;

export interface Payments {
  instructions: PaymentInstructionsFile;
  /** The gateway's settings, or undefined when PAYMENT_GATEWAY is off. */
  gateway: SslcommerzSettings | undefined;
  /** How to pay a method, in the reader's language. */
  instructionsFor(method: string, language?: Language): InstructionsView | null;
  /** Whether "Pay now" is offered for a pledge of this method and amount. */
  canPayOnline(method: string, amount: string): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  const instructions = loadPaymentInstructions(app.config.paymentInstructionsFile);
  const gateway = app.config.paymentGateway === 'sslcommerz' ? app.config.sslcommerz : undefined;
  app.decorate('payments', {
    instructions,
    gateway,
    instructionsFor: (method: string, language?: Language) => instructionsFor(instructions, method, language),
    canPayOnline: (method: string, amount: string) =>
      Boolean(gateway) && payableOnline(instructions, method) && Number(amount) >= GATEWAY_MIN && Number(amount) <= GATEWAY_MAX,
  });
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['db'] });
