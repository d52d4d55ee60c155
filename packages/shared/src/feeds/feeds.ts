import { z } from 'zod';

/**
 * The catalogue feeds: product data for Google Merchant Center (RSS 2.0 with Google's `g:`
 * namespace) and for Meta's Commerce Manager (CSV), served from the shop's own address so the
 * owner pastes each URL once and the services fetch it on their schedule.
 */
export const FEED_PATHS = {
  google: '/feeds/google.xml',
  meta: '/feeds/meta.csv',
} as const;

export type FeedName = keyof typeof FEED_PATHS;

/**
 * Google's product taxonomy (taxonomy-with-ids.en-US.txt, version 2021-09-21): piercing jewellery
 * is body jewellery. Google reads the number; Meta takes the path.
 */
export const GOOGLE_PRODUCT_CATEGORY = {
  id: 190,
  path: 'Apparel & Accessories > Jewelry > Body Jewelry',
} as const;

/** GET /api/admin/feeds: what the panel's card shows, and what Merchant Center asks beside it. */
export const adminFeedsAnswerSchema = z.object({
  feeds: z.object({
    google_url: z.string().describe('absolute address of the Google Merchant Center feed'),
    meta_url: z.string().describe('absolute address of the Meta catalogue feed'),
    returns_policy_url: z
      .string()
      .nullable()
      .describe("the returns policy's page, null while the policy is not written"),
    contact_email: z.string().describe("the SAC e-mail of the store settings ('' when empty)"),
    items: z.number().int().describe('how many items (variants) the feeds list now'),
  }),
});
export type AdminFeedsAnswer = z.infer<typeof adminFeedsAnswerSchema>;

/** What the panel's card says (pt-BR). */
export const FEED_TEXTS = {
  title: 'Catálogo para Google e Instagram',
  intro:
    'Endereços que o Google e a Meta leem sozinhos, com os produtos visíveis e ativos, cada variante com o seu preço e estoque. Escondidos, inativos e variantes desativadas ficam de fora.',
  googleLabel: 'Google Shopping (Merchant Center)',
  googleWhere:
    'No Google Merchant Center: Produtos > Fontes de dados > Adicionar fonte > Adicionar produtos de um arquivo > Inserir um link, e cole este endereço.',
  metaLabel: 'Instagram e Facebook (Commerce Manager)',
  metaWhere:
    'No Commerce Manager da Meta: Catálogo > Fontes de dados > Adicionar itens > Feed de dados > Feed agendado, e cole este endereço.',
  returnsWhere:
    'O Merchant Center também pede a política de devolução e o contato: use a página de trocas e devoluções e o e-mail do SAC abaixo.',
  returnsMissing:
    'Escreva a política de trocas e devoluções nesta página: o Merchant Center pede o link dela.',
  copy: 'Copiar',
  copied: 'Copiado!',
  copyFailed: 'Não foi possível copiar: selecione o endereço e copie.',
  items: (count: number) =>
    count === 1 ? '1 item no catálogo agora.' : `${count} itens no catálogo agora.`,
} as const;
