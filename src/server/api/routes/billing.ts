// Plans, checkout, the subscription and invoices (issue 10).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  activateSchema,
  directActivationSchema,
  planInputSchema,
} from '../../../shared/schemas/billing.js';
import { accessibleCustomerOr404 } from '../../services/customers.js';
import { toInvoice, type BillingService } from '../../services/billing.js';
import { renderInvoicePdf } from '../../services/invoicePdf.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requireUser } from '../plugins/session.js';
import { guarded, pathId, type IdParams, type RouteDeps, wholeList } from './helpers.js';
import {
  idParams,
  pathParams,
  withSchemas,
  dataOf,
  listOf,
  noContent,
  fileAnswer,
} from '../openapi.js';
import {
  activationSchema,
  billingOverviewSchema,
  invoiceSchema,
  planSchema,
  urlAnswerSchema,
} from '../../../shared/schemas/responses.js';
import { z } from 'zod';

interface InvoiceParams extends IdParams {
  invoiceId: string;
}

export function billingRoutes(
  app: FastifyInstance,
  { db, config }: RouteDeps,
  billing: BillingService,
): void {
  const api = withSchemas(app);
  const customerOf = (request: FastifyRequest & { params: IdParams }) =>
    accessibleCustomerOr404(
      db,
      currentUser(request),
      pathId(request.params.id, 'customer_not_found'),
    );
  const planId = (params: IdParams) => pathId(params.id, 'plan_not_found');
  /** The invoice of the path: the customer is checked first, as on every customer route. */
  const invoiceOf = async (request: FastifyRequest & { params: InvoiceParams }) => {
    const customer = await customerOf(request);
    const id = pathId(request.params.invoiceId, 'invoice_not_found');
    return { customer, row: await billing.invoice(customer.id, id) };
  };

  // GET /plans: the plans on offer, cheapest first.
  api.get(
    '/plans',
    { schema: { response: { 200: dataOf(z.array(planSchema)) } }, preHandler: requireUser },
    async () => ({ data: await billing.listPlans() }),
  );

  // POST /plans: a platform admin adds a plan.
  api.post(
    '/plans',
    guarded('CustomerLimitsUpdate', {
      body: planInputSchema,
      response: { 201: dataOf(planSchema) },
    }),
    async (request, reply) => {
      const plan = await billing.createPlan(request.body, unitOfWorkOf(request, config));
      return reply.code(201).send({ data: plan });
    },
  );

  // PUT /plans/{id}: a platform admin changes a plan's price, limits or support level.
  api.put(
    '/plans/:id',
    guarded('CustomerLimitsUpdate', {
      params: idParams,
      body: planInputSchema,
      response: { 200: dataOf(planSchema) },
    }),
    async (request) => {
      const id = planId(request.params);
      return { data: await billing.editPlan(id, request.body, unitOfWorkOf(request, config)) };
    },
  );

  // DELETE /plans/{id}: a platform admin stops offering a plan (running subscriptions stay).
  api.delete(
    '/plans/:id',
    guarded('CustomerLimitsUpdate', { params: idParams, response: { 204: noContent } }),
    async (request, reply) => {
      await billing.archivePlan(planId(request.params), unitOfWorkOf(request, config));
      return reply.code(204).send();
    },
  );

  // POST /register/activate: the checkout's order (customer admins, for their own customer). The
  // key is one the platform admin lacks, so its order is refused (403) before the body is read.
  api.post(
    '/register/activate',
    guarded('SubscriptionOrder', {
      body: activateSchema,
      response: { 200: dataOf(activationSchema) },
    }),
    async (request) => {
      return {
        data: await billing.activate(
          currentUser(request),
          request.body,
          unitOfWorkOf(request, config),
        ),
      };
    },
  );

  // GET /customers/{id}/billing: the billing page (state, plan, period, next payment).
  api.get(
    '/customers/:id/billing',
    guarded('SubscriptionView', {
      params: idParams,
      response: { 200: dataOf(billingOverviewSchema) },
    }),
    async (request) => ({ data: await billing.overview(await customerOf(request)) }),
  );

  // POST /customers/{id}/subscription: a platform admin activates a plan without payment.
  api.post(
    '/customers/:id/subscription',
    guarded('CustomerLimitsUpdate', {
      params: idParams,
      body: directActivationSchema,
      response: { 200: dataOf(billingOverviewSchema) },
    }),
    async (request) => {
      const customer = await customerOf(request);
      await billing.activateDirectly(customer.id, request.body, unitOfWorkOf(request, config));
      return { data: await billing.overview(await customerOf(request)) };
    },
  );

  const setCancel = (cancel: boolean) => async (request: FastifyRequest & { params: IdParams }) => {
    const customer = await customerOf(request);
    await billing.setCancelAtPeriodEnd(
      currentUser(request),
      customer.id,
      cancel,
      unitOfWorkOf(request, config),
    );
    return { data: await billing.overview(await customerOf(request)) };
  };

  // POST /customers/{id}/subscription/cancel: stop at the end of the paid period.
  api.post(
    '/customers/:id/subscription/cancel',
    guarded('SubscriptionCancel', {
      params: idParams,
      response: { 200: dataOf(billingOverviewSchema) },
    }),
    setCancel(true),
  );

  // POST /customers/{id}/subscription/reactivate: undo a cancel before the period ends.
  api.post(
    '/customers/:id/subscription/reactivate',
    guarded('SubscriptionCancel', {
      params: idParams,
      response: { 200: dataOf(billingOverviewSchema) },
    }),
    setCancel(false),
  );

  // POST /customers/{id}/subscription/portal: Stripe's page for payment methods.
  api.post(
    '/customers/:id/subscription/portal',
    guarded('SubscriptionView', { params: idParams, response: { 200: dataOf(urlAnswerSchema) } }),
    async (request) => {
      const customer = await customerOf(request);
      const url = await billing.payments.portalUrl(
        customer.stripeCustomerId,
        `${config.publicUrl}/billing`,
      );
      return { data: { url } };
    },
  );

  // GET /customers/{id}/invoices: one per payment, newest first.
  api.get(
    '/customers/:id/invoices',
    guarded('InvoiceView', { params: idParams, response: { 200: listOf(invoiceSchema) } }),
    async (request) => {
      const customer = await customerOf(request);
      const data = await billing.invoices(customer.id);
      return wholeList(data);
    },
  );

  // GET /customers/{id}/invoices/{invoiceId}/pdf: the invoice as a PDF.
  api.get(
    '/customers/:id/invoices/:invoiceId/pdf',
    guarded('InvoiceView', {
      params: pathParams('id', 'invoiceId'),
      response: { 200: fileAnswer('application/pdf', 'The invoice as a PDF file') },
    }),
    async (request, reply) => {
      const { row } = await invoiceOf(request);
      const pdf = await renderInvoicePdf(toInvoice(row), currentUser(request).language, {
        name: 'QR Hub',
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${row.number}.pdf"`)
        .send(pdf);
    },
  );

  // POST /customers/{id}/invoices/{invoiceId}/paid: a platform admin saw the transfer arrive.
  api.post(
    '/customers/:id/invoices/:invoiceId/paid',
    guarded('InvoiceUpdate', {
      params: pathParams('id', 'invoiceId'),
      response: { 200: dataOf(invoiceSchema) },
    }),
    async (request) => {
      const { customer, row } = await invoiceOf(request);
      const invoice = await billing.markInvoicePaid(
        customer.id,
        row.id,
        unitOfWorkOf(request, config),
      );
      return { data: invoice };
    },
  );
}
