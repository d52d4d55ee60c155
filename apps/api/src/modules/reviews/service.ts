import { optionValuesLabel, nameBesideOptions } from '@lumina/shared/catalog/variants';
import { formatDate } from '@lumina/shared/format/dates';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import {
  type AdminReview,
  type AdminReviewList,
  type AdminReviewListQuery,
  type CreateReviewResponse,
  type ModerateReview,
  type ModerateReviewAnswer,
  type MyReview,
  type OrderReviewsResponse,
  type ProductReviewsQuery,
  type ProductReviewsResponse,
  type PublicReview,
  REVIEW_MESSAGES,
  REVIEW_REQUEST_DELAY_DAYS,
  REVIEW_REQUEST_WINDOW_DAYS,
  REVIEW_STATUS_LABELS,
  type ReviewInput,
  reviewPhotoThumbUrl,
  reviewPhotoUrl,
} from '@lumina/shared/reviews/review-schemas';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobDefinition } from '../../jobs/job-runner.ts';
import { announceCatalogChange } from '../catalog/changes.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { firstName } from '../orders/order-mails.ts';
import { reviewRequestMail } from './review-mails.ts';
import type { ReviewPhotos } from './review-photos.ts';
import { reviewPlainText } from './review-text.ts';
import type {
  AdminReviewRow,
  ProductReviewRow,
  ReviewableItem,
  ReviewableOrder,
  ReviewRepository,
} from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests queued per run of the job: a backlog drains over a few hours, not in one burst. */
const REQUESTS_PER_RUN = 200;

const forbidden = (message: string, code: string) => new AppError('not_allowed', message, { code });
const reviewNotFound = () =>
  new AppError('not_found', REVIEW_MESSAGES.notFound, { code: 'review_not_found' });

function photoJson(row: Pick<ProductReviewRow, 'photoId'>) {
  return {
    photo_url: row.photoId ? reviewPhotoUrl(row.photoId) : null,
    photo_thumb_url: row.photoId ? reviewPhotoThumbUrl(row.photoId) : null,
  };
}

function replyJson(row: Pick<ProductReviewRow, 'reply' | 'repliedAt'>) {
  return row.reply && row.repliedAt
    ? { text: row.reply, replied_at: row.repliedAt.toISOString() }
    : null;
}

export function myReviewJson(row: ProductReviewRow): MyReview {
  return {
    id: row.id,
    product_id: row.productId,
    rating: row.rating,
    text: row.text,
    status: row.status,
    status_label: REVIEW_STATUS_LABELS[row.status],
    created_at: row.createdAt.toISOString(),
    ...photoJson(row),
    reply: replyJson(row),
  };
}

export function publicReviewJson(row: ProductReviewRow): PublicReview {
  return {
    id: row.id,
    author: row.authorName,
    variant_label: row.variantLabel,
    rating: row.rating,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    ...photoJson(row),
    reply: replyJson(row),
  };
}

function adminReviewJson(row: AdminReviewRow): AdminReview {
  return {
    id: row.id,
    status: row.status,
    status_label: REVIEW_STATUS_LABELS[row.status],
    rating: row.rating,
    text: row.text,
    ...photoJson(row),
    reply: replyJson(row),
    created_at: row.createdAt.toISOString(),
    moderated_at: row.moderatedAt?.toISOString() ?? null,
    author: row.authorName,
    variant_label: row.variantLabel,
    product: { id: row.productId, name: row.productName },
    order: { id: row.orderId, order_number: row.orderNumber },
  };
}

/** The variants of one product bought in the order ('Diâmetro: 8 mm / Diâmetro: 10 mm'). */
function variantLabelOf(items: readonly ReviewableItem[]): string {
  const labels = items.map((item) => optionValuesLabel(item.optionValues)).filter(Boolean);
  return [...new Set(labels)].join(' / ');
}

/** The order's products, each once, with the lines that bought it. */
function productsOf(items: readonly ReviewableItem[]): Map<number, ReviewableItem[]> {
  const byProduct = new Map<number, ReviewableItem[]>();
  for (const item of items) {
    byProduct.set(item.productId, [...(byProduct.get(item.productId) ?? []), item]);
  }
  return byProduct;
}

/** Why this person may not review the order's products now, or null when they may. */
function refusalOf(order: ReviewableOrder | undefined, userId: number): AppError | null {
  if (!order || order.userId !== userId) return forbidden(REVIEW_MESSAGES.notBuyer, 'not_buyer');
  if (order.status !== 'delivered') {
    return forbidden(REVIEW_MESSAGES.notDelivered, 'order_not_delivered');
  }
  return null;
}

/**
 * Reviews by verified buyers: written by the buyer of a delivered order (one per product and
 * order), moderated in the panel, shown on the product page once approved. The e-mail that asks
 * for them goes seven days after delivery (the job below).
 */
export function createReviewService(deps: {
  db: Db;
  repository: ReviewRepository;
  photos: ReviewPhotos;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  appUrl: string;
  storeSettings: () => StoreSettings;
  now: () => Date;
  /** This process's catalogue cache is cleared (other processes hear the NOTIFY). */
  onChange: () => void;
}) {
  const { db, repository: reviews, photos, now } = deps;

  return {
    /** The review page of one of my orders: its products and my review of each. */
    async orderReviews(userId: number, orderId: number): Promise<OrderReviewsResponse> {
      const order = await reviews.order(orderId);
      if (!order || order.userId !== userId) {
        throw new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
      }
      const refusal = refusalOf(order, userId);
      const mine = new Map((await reviews.ofOrder(orderId)).map((row) => [row.productId, row]));
      const products = [...productsOf(await reviews.items(orderId)).entries()].map(
        ([productId, lines]) => {
          const [first] = lines as [ReviewableItem];
          const review = mine.get(productId);
          return {
            product_id: productId,
            name: nameBesideOptions(first.productName, first.optionValues),
            variant_label: variantLabelOf(lines),
            image_url: first.imageUrl,
            review: review ? myReviewJson(review) : null,
          };
        },
      );
      return {
        order: {
          id: order.id,
          order_number: order.orderNumber,
          delivered_at: order.deliveredAt?.toISOString() ?? null,
          can_review: refusal === null,
          reason: refusal?.message ?? null,
        },
        products,
      };
    },

    /** POST /api/orders/{id}/reviews: 403 unless the buyer received the product in this order. */
    async create(
      userId: number,
      orderId: number,
      input: Required<ReviewInput>,
    ): Promise<CreateReviewResponse> {
      const order = await reviews.order(orderId);
      const refusal = refusalOf(order, userId);
      if (refusal || !order) throw refusal ?? reviewNotFound();
      const lines = (await reviews.items(orderId)).filter(
        (item) => item.productId === input.product_id,
      );
      if (lines.length === 0) {
        throw forbidden(REVIEW_MESSAGES.notInOrder, 'product_not_in_order');
      }
      const at = now();
      const row = await reviews.insert({
        productId: input.product_id,
        orderId,
        userId,
        orderItemId: lines[0]?.id ?? null,
        authorName: firstName(order.customerName),
        variantLabel: variantLabelOf(lines),
        rating: input.rating,
        text: reviewPlainText(input.text),
        createdAt: at,
        updatedAt: at,
      });
      if (!row) {
        throw new AppError('conflict', REVIEW_MESSAGES.already, { code: 'already_reviewed' });
      }
      return { message: REVIEW_MESSAGES.created, review: myReviewJson(row) };
    },

    /** A review of mine that is still waiting for moderation, to attach a photo to. */
    async assertPhotoAllowed(userId: number, orderId: number, reviewId: number): Promise<void> {
      const row = await reviews.find(reviewId);
      if (!row || row.orderId !== orderId || row.userId !== userId) throw reviewNotFound();
      if (row.status !== 'pending') {
        throw new AppError('conflict', REVIEW_MESSAGES.photoLocked, { code: 'review_moderated' });
      }
    },

    /** The review's photo, through the product photos' pipeline; a second one replaces it. */
    async addPhoto(
      userId: number,
      orderId: number,
      reviewId: number,
      bytes: Uint8Array,
    ): Promise<CreateReviewResponse> {
      // Checked before the costly encoding; the update below is what decides.
      await this.assertPhotoAllowed(userId, orderId, reviewId);
      const photoId = await photos.store(bytes);
      const changed = await reviews.setPhoto(reviewId, photoId, now());
      if (!changed) {
        await photos.remove(photoId);
        throw new AppError('conflict', REVIEW_MESSAGES.photoLocked, { code: 'review_moderated' });
      }
      if (changed.previous) await photos.remove(changed.previous);
      const row = await reviews.find(reviewId);
      if (!row) throw reviewNotFound();
      return { message: REVIEW_MESSAGES.photoSaved, review: myReviewJson(row) };
    },

    /** GET /api/products/{id}/reviews: approved reviews, newest first, with their mean. */
    async productReviews(
      productId: number,
      query: ProductReviewsQuery,
    ): Promise<ProductReviewsResponse> {
      const found = await reviews.approved(
        productId,
        query.per_page,
        (query.page - 1) * query.per_page,
      );
      return {
        reviews: found.rows.map(publicReviewJson),
        summary: { average: Math.round(found.average * 10) / 10, count: found.count },
        page: query.page,
        per_page: query.per_page,
        total: found.count,
        total_pages: Math.ceil(found.count / query.per_page),
      };
    },

    /** The panel's queue. */
    async list(query: AdminReviewListQuery): Promise<AdminReviewList> {
      const found = await reviews.list({
        status: query.status,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        reviews: found.rows.map(adminReviewJson),
        total: found.total,
        page: query.page,
        per_page: query.per_page,
        total_pages: Math.ceil(found.total / query.per_page),
        pending: found.pending,
      };
    },

    /**
     * Publishes or hides a review, with the shop's answer when given. The product's cached
     * answers and pages go in every process, so its page shows the change at once.
     */
    async moderate(
      id: number,
      body: ModerateReview,
      actorId: number,
    ): Promise<ModerateReviewAnswer> {
      const reply =
        body.reply === undefined ? undefined : reviewPlainText(body.reply ?? '') || null;
      const moderated = await db.transaction(async (tx) => {
        const row = await reviews.moderate(tx, id, {
          status: body.status,
          reply,
          at: now(),
          by: actorId,
        });
        if (row) await announceCatalogChange(tx);
        return row;
      });
      if (!moderated) throw reviewNotFound();
      deps.onChange();
      const row = await reviews.findForAdmin(id);
      if (!row) throw reviewNotFound();
      return {
        message: body.status === 'approved' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.hidden,
        review: adminReviewJson(row),
        pending: await reviews.countPending(),
      };
    },

    /**
     * Queues the e-mail asking for reviews of each order delivered at least seven days ago (and
     * at most thirty), once per order whatever the number of processes running this at once: the
     * request's row and the e-mail are written in one transaction, and only by the caller whose
     * row went in. An order whose products were all reviewed already is marked asked, silently.
     */
    async sendDueRequests(): Promise<number> {
      const at = now();
      const due = await reviews.dueRequests(
        new Date(at.getTime() - REVIEW_REQUEST_WINDOW_DAYS * DAY_MS),
        new Date(at.getTime() - REVIEW_REQUEST_DELAY_DAYS * DAY_MS),
        REQUESTS_PER_RUN,
      );
      let sent = 0;
      for (const order of due) {
        const queued = await db.transaction(async (tx) => {
          if (!(await reviews.claimRequest(tx, order.id, at)) || !order.customerEmail) {
            return false;
          }
          const reviewed = await reviews.reviewedProductIds(tx, order.id);
          const waiting = [...productsOf(await reviews.items(order.id, tx)).values()].filter(
            (lines) => !reviewed.has(lines[0]?.productId ?? 0),
          );
          if (waiting.length === 0) return false;
          const settings = deps.storeSettings();
          await deps.outbox.enqueue(tx, {
            key: `review-request:${order.id}`,
            kind: 'review_request',
            orderId: order.id,
            message: reviewRequestMail({
              to: order.customerEmail,
              customerName: order.customerName,
              orderNumber: order.orderNumber,
              orderId: order.id,
              deliveredOn: order.deliveredAt ? formatDate(order.deliveredAt) : '',
              products: waiting.map((lines) => {
                const [first] = lines as [ReviewableItem];
                const name = nameBesideOptions(first.productName, first.optionValues);
                const variant = variantLabelOf(lines);
                return variant ? `${name} (${variant})` : name;
              }),
              appUrl: deps.appUrl,
              shop: mailShop(settings),
            }),
          });
          return true;
        });
        if (queued) sent += 1;
      }
      if (sent > 0) deps.outbox.kick();
      return sent;
    },

    /** Removes the files of photos no review points at (replaced ones, erased accounts'). */
    async sweepPhotos(): Promise<number> {
      return photos.sweep(await reviews.photoIds(), now());
    },

    jobs(): JobDefinition[] {
      return [
        {
          name: 'review-requests',
          // Hourly: an order's e-mail goes within the hour after its seventh day.
          schedule: { cron: '23 * * * *' },
          policy: 'singleton',
          run: async (_data, { log }) => {
            const sent = await this.sendDueRequests();
            const swept = await this.sweepPhotos();
            if (sent + swept > 0) log.info({ sent, swept }, 'review requests queued');
          },
        },
      ];
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
