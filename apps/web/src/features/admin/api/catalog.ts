import type {
  AdminProductFilter,
  AdminProductListResponse,
  AdminProductSort,
} from '@lumina/shared/admin/admin-products';
import type { AdminStats } from '@lumina/shared/admin/admin-stats';
import type { ProductDto } from '@lumina/shared/catalog/product';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** Spec 001 §9: the admin client keeps products 5 min and stats 2 min. */
export const ADMIN_PRODUCTS_STALE_MS = 5 * 60_000;
export const ADMIN_STATS_STALE_MS = 2 * 60_000;

export interface AdminProductParams {
  filter?: AdminProductFilter;
  sort?: AdminProductSort;
  direction?: 'asc' | 'desc';
  q?: string;
  page?: number;
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'stats'] as const,
    queryFn: ({ signal }) => adminRequest<AdminStats>('/admin/stats', { signal }),
    staleTime: ADMIN_STATS_STALE_MS,
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}

export function adminProductsQueryOptions(params: AdminProductParams) {
  return queryOptions({
    queryKey: ['admin', 'products', params] as const,
    queryFn: ({ signal }) =>
      adminRequest<AdminProductListResponse>('/admin/products', { query: { ...params }, signal }),
    staleTime: ADMIN_PRODUCTS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(params: AdminProductParams) {
  return useQuery(adminProductsQueryOptions(params));
}

/** A product as the edit form reads it (GET /api/admin/products/{id}). */
export function useAdminProduct(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'product', id] as const,
    queryFn: ({ signal }) =>
      adminRequest<{ product: ProductDto }>(`/admin/products/${id ?? 0}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface ProductWrite {
  id: number | null;
  body: Record<string, unknown>;
}

/** Create (id null) or update; the table, the figures and the product are read again after. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: ProductWrite) =>
      adminRequest<{ product: ProductDto }>(id === null ? '/products' : `/products/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: { product: body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest<{ success: true; retired: boolean }>(`/products/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** A photo upload may be 5 MB on a phone's connection: longer than the 15 s of other calls. */
export const PHOTO_UPLOAD_TIMEOUT_MS = 120_000;

/** Adds a photo (multipart, field `image`); answers the product with its new images. */
export function uploadProductPhoto(id: number, file: File): Promise<{ product: ProductDto }> {
  const form = new FormData();
  form.append('image', file);
  return adminRequest<{ product: ProductDto }>(`/products/${id}/images`, {
    method: 'POST',
    body: form,
    timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS,
  });
}

export function removeProductPhoto(id: number, imageId: string): Promise<{ product: ProductDto }> {
  return adminRequest<{ product: ProductDto }>(`/products/${id}/images/${imageId}`, {
    method: 'DELETE',
  });
}

/** Lets this administrator open /api/docs in a new tab (a cookie bound to that path). */
export function openDocsSession(): Promise<{ url: string }> {
  return adminRequest<{ url: string }>('/admin/docs_session', { method: 'POST' });
}
