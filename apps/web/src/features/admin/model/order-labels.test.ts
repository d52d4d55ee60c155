import { ORDER_EVENT_ACTIONS } from '@lumina/shared/orders/order-events';
import { describe, expect, it } from 'vitest';
import { eventDetails, eventLabel, paymentSourceLabel, systemActorLabel } from './order-labels.ts';

describe('eventLabel', () => {
  it.each(ORDER_EVENT_ACTIONS)('names %s, a step the API writes, in pt-BR', (action) => {
    const label = eventLabel(action);
    expect(label).not.toBe(action);
    expect(label).not.toMatch(/_/);
  });

  it('names the new payment steps', () => {
    expect(eventLabel('refund_failed')).toBe('Estorno não concluído');
    expect(eventLabel('repriced')).toBe('Preço refeito para a forma de pagamento');
  });

  it('shows an unknown step as it was written', () => {
    expect(eventLabel('something_else')).toBe('something_else');
  });
});

describe('paymentSourceLabel', () => {
  it('says a payment stepped aside for another method, and keeps unknown sources', () => {
    expect(paymentSourceLabel('superseded')).toBe('trocado por outra forma de pagamento');
    expect(paymentSourceLabel('webhook')).toBe('aviso do provedor');
    expect(paymentSourceLabel('bank')).toBe('bank');
  });
});

describe('systemActorLabel', () => {
  it('names the outside service that moved the order, else who moved it', () => {
    expect(systemActorLabel('system', 'melhor_envio')).toBe('Melhor Envio');
    expect(systemActorLabel('system', 'bling')).toBe('Bling');
    expect(systemActorLabel('system', 'pix_expiry')).toBe('Sistema');
    expect(systemActorLabel('provider', undefined)).toBe('Provedor de pagamento');
    // A name that is not the map's own key (inherited from Object) is not a service.
    expect(systemActorLabel('system', 'toString')).toBe('Sistema');
  });
});

describe('eventDetails', () => {
  it("adds a step's code, NF-e number, label price and reason, and nothing else", () => {
    expect(eventDetails({ tracking_code: 'ME123456789BR', label_id: 4 })).toBe(' · ME123456789BR');
    expect(eventDetails({ invoice_number: '000123', invoice_id: 9, source: 'bling' })).toBe(
      ' · NF-e 000123',
    );
    expect(eventDetails({ price_cents: 2390, service_id: 1 })).toBe(' · R$\u00a023,90');
    expect(eventDetails({ reason: 'Rejeição 778', invoice_number: null })).toBe(' · Rejeição 778');
    expect(eventDetails({ source: 'melhor_envio' })).toBe('');
  });
});
