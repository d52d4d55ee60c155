import { BIRTH_DATE_MESSAGES } from '../validation/birth-date.ts';
import { TEXT_LIMIT_MESSAGES } from '../validation/text-limits.ts';

/** Checkout submit messages (spec 001 §5), in the order the rules are checked. */
export const CHECKOUT_MESSAGES = {
  /** Checked by the caller, which knows the cart. */
  emptyCart: 'Adicione itens ao carrinho para finalizar a compra',
  required: 'Por favor, preencha todos os campos obrigatórios',
  email: 'Por favor, digite um email válido',
  phone: 'Por favor, digite um telefone válido',
  zip: 'Por favor, digite um CEP válido',
} as const;

/** The five messages of spec 001 §5 in rule order; the first failing rule is the one shown. */
export const CHECKOUT_MESSAGE_ORDER = [
  CHECKOUT_MESSAGES.emptyCart,
  CHECKOUT_MESSAGES.required,
  CHECKOUT_MESSAGES.email,
  CHECKOUT_MESSAGES.phone,
  CHECKOUT_MESSAGES.zip,
] as const;

// Rules a real order needs that the spec leaves out; checked after the spec's five. Ours.
export const CHECKOUT_EXTRA_MESSAGES = {
  state: 'Por favor, digite a sigla do estado com 2 letras (ex.: SP)',
  document: 'CPF/CNPJ inválido',
  birthDate: BIRTH_DATE_MESSAGES.profileInvalid,
  notes: TEXT_LIMIT_MESSAGES.notes,
  tooLong: 'Um dos campos passou do tamanho máximo',
  paymentMethod: 'Forma de pagamento indisponível. No momento aceitamos apenas PIX.',
} as const;

/** Checkout texts outside validation (spec 001 §2, §8). */
export const CHECKOUT_TEXTS = {
  emptyCart: 'Seu carrinho está vazio',
  comingSoon: 'Em breve',
  processing: 'Processando...',
  documentLabel: 'CPF/CNPJ',
  createOrderFailed: 'Erro ao criar pedido',
  processFailed: 'Erro ao processar pedido',
  paymentMethodsFailed: 'Erro ao carregar métodos de pagamento',
  notLoggedIn: 'Você precisa estar logado para acessar esta página.',
} as const;
