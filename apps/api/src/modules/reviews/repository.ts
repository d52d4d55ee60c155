import type { ReviewModerationStatus, ReviewStatus } from '@lumina/shared/reviews/review-schemas';
import type { OptionValues } from '@lumina/shared/catalog/variants';
import { and, asc, count, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { productReviews, type ProductReviewRow, reviewRequests } from '../../db/schema/reviews.ts';
import { announceCatalogChange } from '../catalog/changes.ts';

export type { ProductReviewRow };

/** What deciding whether a person may review an order's products needs of the order. */
export interface ReviewableOrder {
  id: number;
  userId: number;
  orderNumber: string;
  status: string;
  deliveredAt: Date | null;
  customerName: string;
  customerEmail: string | null;
}

export interface ReviewableItem {
  id: number;
  productId: number;
  productName: string;
  optionValues: OptionValues;
  imageUrl: string | null;
}

export type NewReview = Pick<
  typeof productReviews.$inferInsert,
  | 'productId'
  | 'orderId'
  | 'userId'
  | 'orderItemId'
  | 'authorName'
  | 'variantLabel'
  | 'rating'
  | 'text'
  | 'createdAt'
  | 'updatedAt'
>;

/** An administrator's view of a review: the product's current name and the order's number. */
export interface AdminReviewRow extends ProductReviewRow {
  productName: string;
  orderNumber: string;
}

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  orderNumber: orders.orderNumber,
  status: orders.status,
  deliveredAt: orders.deliveredAt,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
};

const APPROVED = eq(productReviews.status, 'approved');

export function createReviewRepository(db: Db) {
  return {
    async order(orderId: number): Promise<ReviewableOrder | undefined> {
      const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, orderId));
      return row;
    },

    /** The order's lines whose product the shop still has, in the order they were bought. */
    async items(orderId: number, tx: Db = db): Promise<ReviewableItem[]> {
      const rows = await tx
        .select({
          id: orderItems.id,
          productId: orderItems.productId,
          productName: orderItems.productName,
          optionValues: orderItems.optionValues,
          imageUrl: orderItems.imageUrl,
        })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
        .orderBy(asc(orderItems.id));
      return rows.flatMap((row) =>
        row.productId === null ? [] : [{ ...row, productId: row.productId }],
      );
    },

    async ofOrder(orderId: number): Promise<ProductReviewRow[]> {
      return db
        .select()
        .from(productReviews)
        .where(eq(productReviews.orderId, orderId))
        .orderBy(asc(productReviews.id));
    },

    /** The new review, or undefined when this order already has one of this product. */
    async insert(review: NewReview): Promise<ProductReviewRow | undefined> {
      const [row] = await db
        .insert(productReviews)
        .values(review)
        .onConflictDoNothing({ target: [productReviews.orderId, productReviews.productId] })
        .returning();
      return row;
    },

    async find(id: number): Promise<ProductReviewRow | undefined> {
      const [row] = await db.select().from(productReviews).where(eq(productReviews.id, id));
      return row;
    },

    /**
     * Points a review still waiting for moderation at a new photo; the photo it had before, or
     * undefined when the review is not (or no longer) waiting.
     */
    async setPhoto(
      id: number,
      photoId: string,
      at: Date,
    ): Promise<{ previous: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ photoId: productReviews.photoId })
          .from(productReviews)
          .where(and(eq(productReviews.id, id), eq(productReviews.status, 'pending')))
          .for('update');
        if (!current) return undefined;
        await tx
          .update(productReviews)
          .set({ photoId, updatedAt: at })
          .where(eq(productReviews.id, id));
        return { previous: current.photoId };
      });
    },

    /** Approved reviews of a product, newest first, with their mean and count. */
    async approved(productId: number, limit: number, offset: number) {
      const where = and(eq(productReviews.productId, productId), APPROVED);
      const rows = await db
        .select()
        .from(productReviews)
        .where(where)
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(limit)
        .offset(offset);
      const [summary] = await db
        .select({
          count: count(),
          average: sql<string | null>`avg(${productReviews.rating})`,
        })
        .from(productReviews)
        .where(where);
      return {
        rows,
        count: summary?.count ?? 0,
        average: summary?.average === null || !summary ? 0 : Number(summary.average),
      };
    },

    /** The panel's queue: waiting reviews first, then newest first. */
    async list(query: { status?: ReviewStatus; limit: number; offset: number }) {
      const where = query.status ? eq(productReviews.status, query.status) : undefined;
      const rows = await db
        .select({
          review: productReviews,
          productName: products.name,
          orderNumber: orders.orderNumber,
        })
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .innerJoin(orders, eq(orders.id, productReviews.orderId))
        .where(where)
        .orderBy(
          sql`${productReviews.status} = 'pending' desc`,
          desc(productReviews.createdAt),
          desc(productReviews.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [totals] = await db
        .select({
          total: where ? sql<number>`count(*) filter (where ${where})::integer` : count(),
          pending: sql<number>`count(*) filter (where ${productReviews.status} = 'pending')::integer`,
        })
        .from(productReviews);
      return {
        rows: rows.map(({ review, ...names }): AdminReviewRow => ({ ...review, ...names })),
        total: totals?.total ?? 0,
        pending: totals?.pending ?? 0,
      };
    },

    async findForAdmin(id: number): Promise<AdminReviewRow | undefined> {
      const [row] = await db
        .select({
          review: productReviews,
          productName: products.name,
          orderNumber: orders.orderNumber,
        })
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .innerJoin(orders, eq(orders.id, productReviews.orderId))
        .where(eq(productReviews.id, id));
      return row && { ...row.review, productName: row.productName, orderNumber: row.orderNumber };
    },

    /**
     * The moderator's decision, and the shop's answer when `reply` is given (null or '' removes
     * it). The product the review belongs to, or undefined for an unknown review.
     */
    async moderate(
      tx: Db,
      id: number,
      change: {
        status: ReviewModerationStatus;
        reply: string | null | undefined;
        at: Date;
        by: number;
      },
    ): Promise<{ productId: number } | undefined> {
      const replyColumns =
        change.reply === undefined
          ? {}
          : change.reply
            ? { reply: change.reply, repliedAt: change.at }
            : { reply: null, repliedAt: null };
      const [row] = await tx
        .update(productReviews)
        .set({
          status: change.status,
          moderatedAt: change.at,
          moderatedBy: change.by,
          updatedAt: change.at,
          ...replyColumns,
        })
        .where(eq(productReviews.id, id))
        .returning({ productId: productReviews.productId });
      return row;
    },

    async countPending(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(productReviews)
        .where(eq(productReviews.status, 'pending'));
      return row?.total ?? 0;
    },

    /** The photos some review points at: the files of any other are left-overs. */
    async photoIds(): Promise<Set<string>> {
      const rows = await db
        .select({ photoId: productReviews.photoId })
        .from(productReviews)
        .where(isNotNull(productReviews.photoId));
      return new Set(rows.flatMap((row) => (row.photoId ? [row.photoId] : [])));
    },

    /**
     * Delivered orders whose review e-mail is due: delivered between `from` and `to`, with an
     * address to write to, not yet asked. Oldest deliveries first.
     */
    async dueRequests(from: Date, to: Date, limit: number) {
      return db
        .select({ ...orderColumns })
        .from(orders)
        .leftJoin(reviewRequests, eq(reviewRequests.orderId, orders.id))
        .where(
          and(
            eq(orders.status, 'delivered'),
            gt(orders.deliveredAt, from),
            lte(orders.deliveredAt, to),
            isNotNull(orders.customerEmail),
            sql`${reviewRequests.orderId} is null`,
          ),
        )
        .orderBy(asc(orders.deliveredAt), asc(orders.id))
        .limit(limit);
    },

    /** True for the one caller that records the order's request; false if one already did. */
    async claimRequest(tx: Db, orderId: number, at: Date): Promise<boolean> {
      const inserted = await tx
        .insert(reviewRequests)
        .values({ orderId, requestedAt: at })
        .onConflictDoNothing()
        .returning({ orderId: reviewRequests.orderId });
      return inserted.length > 0;
    },

    async reviewedProductIds(tx: Db, orderId: number): Promise<Set<number>> {
      const rows = await tx
        .select({ productId: productReviews.productId })
        .from(productReviews)
        .where(eq(productReviews.orderId, orderId));
      return new Set(rows.map((row) => row.productId));
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;

/** A person's reviews for their data export (LGPD art. 18, II and V), newest first. */
export async function reviewsOfUser(db: Db, userId: number) {
  return db
    .select({
      review: productReviews,
      productName: products.name,
      orderNumber: orders.orderNumber,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .innerJoin(orders, eq(orders.id, productReviews.orderId))
    .where(eq(productReviews.userId, userId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
}

/**
 * LGPD erasure: the person's reviews go, published ones included (the privacy policy says so).
 * Answers the products whose pages showed one (their cached pages must go) and the photos whose
 * files are left behind; the reviews' job removes such files.
 */
export async function forgetReviewsOf(
  tx: Db,
  userId: number,
): Promise<{ productIds: number[]; photoIds: string[] }> {
  const removed = await tx
    .delete(productReviews)
    .where(eq(productReviews.userId, userId))
    .returning({
      productId: productReviews.productId,
      status: productReviews.status,
      photoId: productReviews.photoId,
    });
  const productIds = [
    ...new Set(removed.filter((r) => r.status === 'approved').map((r) => r.productId)),
  ];
  // Every process drops its cached product pages and answers once the erasure commits.
  if (productIds.length > 0) await announceCatalogChange(tx);
  return { productIds, photoIds: removed.flatMap((r) => (r.photoId ? [r.photoId] : [])) };
}
