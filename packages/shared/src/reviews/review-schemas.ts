import { z } from 'zod';
import { INTEGER_ID_MAX } from '../validation/integer-id.ts';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './review-rating.ts';

/**
 * Reviews by verified buyers (DESIGN.md: POST /api/orders/{id}/reviews, GET
 * /api/products/{id}/reviews; admin: GET /api/admin/reviews, PATCH /api/admin/reviews/{id}). One
 * review per product and order, by the buyer of a delivered order; it waits for the shop's
 * moderation before the product page shows it. One source for the web's forms and the API.
 */

/** pending -> approved | hidden; the shop may move an answered review between the two later. */
export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What the moderator may set (DESIGN.md: PATCH {status: approved | hidden, reply?}). */
export const REVIEW_MODERATION_STATUSES = ['approved', 'hidden'] as const;
export type ReviewModerationStatus = (typeof REVIEW_MODERATION_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Aguardando moderação',
  approved: 'Publicada',
  hidden: 'Oculta',
};

/** A paragraph or two: long enough to say how the piece fits, short enough to be read. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
/** The e-mail asking for reviews goes this many days after the order was delivered. */
export const REVIEW_REQUEST_DELAY_DAYS = 7;
/**
 * Orders delivered longer ago than this are not asked any more: a shop that turns reviews on
 * does not write to every customer of the past years at once.
 */
export const REVIEW_REQUEST_WINDOW_DAYS = 30;

export const PRODUCT_REVIEWS_PER_PAGE = 10;
export const ADMIN_REVIEWS_PER_PAGE = 20;

/** Review photos go through the product photos' pipeline, into a folder of their own. */
export const REVIEW_PHOTO_DIR = '/uploads/reviews';
export const REVIEW_PHOTO_THUMB_WIDTH = 480;

export function reviewPhotoUrl(photoId: string): string {
  return `${REVIEW_PHOTO_DIR}/${photoId}.webp`;
}

export function reviewPhotoThumbUrl(photoId: string): string {
  return `${REVIEW_PHOTO_DIR}/${photoId}-${REVIEW_PHOTO_THUMB_WIDTH}.webp`;
}

/** The page in the account where the buyer reviews an order's products (the e-mail links it). */
export function reviewPagePath(orderId: number): string {
  return `/minha-conta/pedidos/${orderId}/avaliar`;
}

export const REVIEW_MESSAGES = {
  body: 'Envie a avaliação como {review: {product_id, rating, text}}.',
  product: 'Escolha o produto que você quer avaliar.',
  rating: `Escolha uma nota de ${REVIEW_RATING_MIN} a ${REVIEW_RATING_MAX} estrelas.`,
  text: `O comentário deve ter no máximo ${REVIEW_TEXT_MAX} caracteres.`,
  notBuyer: 'Só quem comprou e recebeu este produto pode avaliá-lo.',
  notDelivered: 'Você poderá avaliar os produtos deste pedido quando ele for entregue.',
  notInOrder: 'Este produto não faz parte deste pedido: só quem o recebeu pode avaliá-lo.',
  already: 'Você já avaliou este produto neste pedido.',
  created: 'Obrigado! Sua avaliação foi enviada e aparece na loja assim que for aprovada.',
  photoSaved: 'Foto enviada. Ela aparece com a avaliação depois da aprovação.',
  photoLocked: 'A foto só pode ser enviada enquanto a avaliação aguarda moderação.',
  id: 'Identificador de avaliação inválido.',
  notFound: 'Avaliação não encontrada.',
  status: 'Situação inválida: use approved ou hidden.',
  reply: `A resposta deve ter no máximo ${REVIEW_REPLY_MAX} caracteres.`,
  moderationBody: 'Envie {status: approved | hidden, reply?}.',
  approved: 'Avaliação publicada na página do produto.',
  hidden: 'Avaliação ocultada da página do produto.',
  page: 'Página inválida',
  perPage: 'Itens por página devem estar entre 1 e 50',
} as const;

const productIdSchema = z
  .number({ error: REVIEW_MESSAGES.product })
  .int(REVIEW_MESSAGES.product)
  .positive(REVIEW_MESSAGES.product)
  .max(INTEGER_ID_MAX, REVIEW_MESSAGES.product);

export const reviewRatingSchema = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(REVIEW_RATING_MIN, REVIEW_MESSAGES.rating)
  .max(REVIEW_RATING_MAX, REVIEW_MESSAGES.rating);

/** The comment as typed; the server keeps its plain text only (no markup, no links). */
export const reviewTextSchema = z
  .string({ error: REVIEW_MESSAGES.text })
  .trim()
  .max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.text);

/** What the form sends for one product: the web's form and the API validate the same object. */
export const reviewInputSchema = z.strictObject({
  product_id: productIdSchema,
  rating: reviewRatingSchema,
  text: reviewTextSchema.default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** Body of POST /api/orders/{id}/reviews. */
export const createReviewBodySchema = z.strictObject(
  { review: reviewInputSchema },
  { error: REVIEW_MESSAGES.body },
);
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

const photoFields = {
  /** The photo at page size and its thumbnail; null without a photo. */
  photo_url: z.string().nullable(),
  photo_thumb_url: z.string().nullable(),
};

const replySchema = z.object({ text: z.string(), replied_at: z.string() }).nullable();

/** The buyer's own review, as their order's review page shows it (whatever its status). */
export const myReviewSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    rating: z.number().int(),
    text: z.string(),
    status: z.enum(REVIEW_STATUSES),
    status_label: z.string(),
    created_at: z.string(),
    ...photoFields,
    /** The shop's public answer, once it wrote one. */
    reply: replySchema,
  })
  .meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof myReviewSchema>;

export const createReviewResponseSchema = z.object({
  message: z.string(),
  review: myReviewSchema,
});
export type CreateReviewResponse = z.infer<typeof createReviewResponseSchema>;

/** GET /api/orders/{id}/reviews: the order's products and the buyer's review of each. */
export const orderReviewsResponseSchema = z.object({
  order: z.object({
    id: z.number().int(),
    order_number: z.string(),
    delivered_at: z.string().nullable(),
    /** Whether the products may be reviewed now (the order was delivered). */
    can_review: z.boolean(),
    /** Why not, in pt-BR, when they may not. */
    reason: z.string().nullable(),
  }),
  products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      /** The variant bought ('Diâmetro: 8 mm'); '' for a product without options. */
      variant_label: z.string(),
      image_url: z.string().nullable(),
      review: myReviewSchema.nullable(),
    }),
  ),
});
export type OrderReviewsResponse = z.infer<typeof orderReviewsResponseSchema>;

/** An approved review as the product page shows it: the buyer's first name only. */
export const publicReviewSchema = z
  .object({
    id: z.number().int(),
    author: z.string(),
    variant_label: z.string(),
    rating: z.number().int(),
    text: z.string(),
    created_at: z.string(),
    ...photoFields,
    reply: replySchema,
  })
  .meta({ id: 'ProductReview' });
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The approved reviews' mean (one decimal) and count; average 0 while there are none. */
export const reviewSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

const pageSchema = z.coerce
  .number({ error: REVIEW_MESSAGES.page })
  .int(REVIEW_MESSAGES.page)
  .min(1, REVIEW_MESSAGES.page)
  .max(100_000, REVIEW_MESSAGES.page)
  .default(1);

const perPageSchema = (fallback: number) =>
  z.coerce
    .number({ error: REVIEW_MESSAGES.perPage })
    .int(REVIEW_MESSAGES.perPage)
    .min(1, REVIEW_MESSAGES.perPage)
    .max(50, REVIEW_MESSAGES.perPage)
    .default(fallback);

export const productReviewsQuerySchema = z.object({
  page: pageSchema,
  per_page: perPageSchema(PRODUCT_REVIEWS_PER_PAGE),
});
export type ProductReviewsQuery = z.infer<typeof productReviewsQuerySchema>;

/** GET /api/products/{id}/reviews: approved reviews, newest first. */
export const productReviewsResponseSchema = z.object({
  reviews: z.array(publicReviewSchema),
  summary: reviewSummarySchema,
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type ProductReviewsResponse = z.infer<typeof productReviewsResponseSchema>;

export const adminReviewSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(REVIEW_STATUSES),
    status_label: z.string(),
    rating: z.number().int(),
    text: z.string(),
    ...photoFields,
    reply: replySchema,
    created_at: z.string(),
    moderated_at: z.string().nullable(),
    /** The first name the product page shows. */
    author: z.string(),
    variant_label: z.string(),
    product: z.object({ id: z.number().int(), name: z.string() }),
    order: z.object({ id: z.number().int(), order_number: z.string() }),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** Query of GET /api/admin/reviews; no status lists every review, waiting ones first. */
export const adminReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: REVIEW_MESSAGES.status }).optional(),
  page: pageSchema,
  per_page: perPageSchema(ADMIN_REVIEWS_PER_PAGE),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;

export const adminReviewListSchema = z.object({
  reviews: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  /** Reviews waiting for moderation, whatever the filter. */
  pending: z.number().int(),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** The shop's public answer, plain text; blank or null removes it. */
export const reviewReplySchema = z
  .string({ error: REVIEW_MESSAGES.reply })
  .trim()
  .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.reply);

/** Body of PATCH /api/admin/reviews/{id}; `reply` left out keeps the answer as it is. */
export const moderateReviewSchema = z.strictObject(
  {
    status: z.enum(REVIEW_MODERATION_STATUSES, { error: REVIEW_MESSAGES.status }),
    reply: reviewReplySchema.nullable().optional(),
  },
  { error: REVIEW_MESSAGES.moderationBody },
);
export type ModerateReview = z.input<typeof moderateReviewSchema>;

export const moderateReviewAnswerSchema = z.object({
  message: z.string(),
  review: adminReviewSchema,
  pending: z.number().int(),
});
export type ModerateReviewAnswer = z.infer<typeof moderateReviewAnswerSchema>;
