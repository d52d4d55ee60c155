import { CATEGORY_LABELS, isCategorySlug } from '../catalog/categories.ts';
import { formatDateTime } from '../format/dates.ts';
import { formatBRL } from '../format/money.ts';
import { type CouponRule, timeProblem } from './coupon-rules.ts';

const METHOD_NAMES: Record<string, string> = { pac: 'PAC', sedex: 'SEDEX' };

/** 10 -> '10%', 1250 hundredths -> '12,5%'. */
export function percentText(hundredths: number): string {
  return `${(hundredths / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`;
}

function scopeText(rule: CouponRule): string {
  const categories = rule.categories.map((slug) =>
    isCategorySlug(slug) ? CATEGORY_LABELS[slug] : slug,
  );
  const parts: string[] = [];
  if (categories.length === 1) parts.push(`da categoria ${categories[0]}`);
  if (categories.length > 1) parts.push(`das categorias ${list(categories)}`);
  if (rule.productIds.length > 0) parts.push('selecionados');
  if (parts.length === 0) return 'em toda a loja';
  return `nos produtos ${parts.join(' e nos produtos ')}`;
}

/** What the rule gives, in a few words: '10% de desconto', 'R$ 20,00 de desconto', 'Frete grátis'. */
export function benefitText(rule: CouponRule): string {
  if (rule.kind === 'percent') return `${percentText(rule.value)} de desconto`;
  if (rule.kind === 'fixed') return `${formatBRL(rule.value)} de desconto`;
  const methods = rule.shippingMethods.map((method) => METHOD_NAMES[method] ?? method);
  return methods.length === 0 || methods.length === 2
    ? 'Frete grátis'
    : `Frete grátis (${list(methods)})`;
}

/**
 * Every condition of a coupon or promotion in one paragraph, as the shopper reads it beside the
 * discount (Decreto 7.962/2013 art. 2 VI: an offer's conditions are shown clearly).
 */
export function describeRule(rule: CouponRule): string {
  const sentences: string[] = [];
  if (rule.kind === 'free_shipping') {
    const where = rule.states.length > 0 ? ` para ${list([...rule.states])}` : '';
    sentences.push(`${benefitText(rule)}${where}.`);
  } else {
    const cap =
      rule.kind === 'percent' && rule.maxDiscountCents !== null
        ? `, até ${formatBRL(rule.maxDiscountCents)} de desconto`
        : '';
    sentences.push(`${benefitText(rule)} ${scopeText(rule)}${cap}.`);
  }
  if (rule.minOrderCents !== null) {
    sentences.push(`Pedido mínimo de ${formatBRL(rule.minOrderCents)} em produtos.`);
  }
  if (rule.startsAt && rule.endsAt) {
    sentences.push(`Válido de ${formatDateTime(rule.startsAt)} a ${formatDateTime(rule.endsAt)}.`);
  } else if (rule.endsAt) {
    sentences.push(`Válido até ${formatDateTime(rule.endsAt)}.`);
  } else if (rule.startsAt) {
    sentences.push(`Válido a partir de ${formatDateTime(rule.startsAt)}.`);
  }
  if (rule.firstPurchaseOnly) sentences.push('Apenas na primeira compra.');
  if (rule.perCustomerLimit !== null) {
    sentences.push(
      rule.perCustomerLimit === 1
        ? 'Um uso por cliente (CPF).'
        : `Até ${rule.perCustomerLimit} usos por cliente (CPF).`,
    );
  }
  if (rule.usageLimit !== null) sentences.push(`Limitado a ${rule.usageLimit} usos.`);
  if (rule.kind !== 'free_shipping') {
    if (!rule.combinesWithPix) {
      sentences.push('Não cumulativo com o desconto do PIX: no PIX vale o maior desconto.');
    }
    if (!rule.combinesWithSale) sentences.push('Não vale para produtos em promoção.');
  }
  return sentences.join(' ');
}

/** Where a rule stands now, for the owner's list. */
export function ruleState(rule: CouponRule, uses: number, now: Date): string {
  const problem = timeProblem(rule, now);
  if (problem === 'inactive') return 'Pausado';
  if (problem === 'not_started') return 'Agendado';
  if (problem === 'expired') return 'Expirado';
  if (rule.usageLimit !== null && uses >= rule.usageLimit) return 'Esgotado';
  return 'Ativo';
}
