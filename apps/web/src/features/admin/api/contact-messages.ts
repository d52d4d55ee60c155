import type {
  ContactMessageList,
  ContactMessageStatus,
  ContactMessageUpdateAnswer,
} from '@lumina/shared/contact/contact-messages';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** The inbox's filters as they stand in the page's URL. */
export interface ContactMessageFilters {
  status?: ContactMessageStatus;
  page?: number;
}

export const contactMessageKeys = {
  all: ['admin', 'contact-messages'] as const,
  list: (filters: ContactMessageFilters) => ['admin', 'contact-messages', 'list', filters] as const,
  unread: ['admin', 'contact-messages', 'unread'] as const,
};

/** New messages arrive while the panel is open: the count is read again after a minute. */
const CONTACT_MESSAGES_STALE_MS = 60_000;

export function contactMessagesQueryOptions(filters: ContactMessageFilters) {
  return queryOptions({
    queryKey: contactMessageKeys.list(filters),
    queryFn: ({ signal }) =>
      adminRequest<ContactMessageList>('/admin/contact_messages', {
        query: { ...filters },
        signal,
      }),
    staleTime: CONTACT_MESSAGES_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useContactMessages(filters: ContactMessageFilters) {
  return useQuery(contactMessagesQueryOptions(filters));
}

/** The navigation's count of unread messages: one message asked for, the count read. */
export function useUnreadContactMessages() {
  return useQuery({
    queryKey: contactMessageKeys.unread,
    queryFn: ({ signal }) =>
      adminRequest<ContactMessageList>('/admin/contact_messages', {
        query: { status: 'new', per_page: 1 },
        signal,
      }),
    select: (list) => list.unread,
    staleTime: CONTACT_MESSAGES_STALE_MS,
    refetchInterval: CONTACT_MESSAGES_STALE_MS,
  });
}

export interface UpdateContactMessageInput {
  id: number;
  status: ContactMessageStatus;
}

/** Marks a message read, answered or unread; the inbox and the count are read again. */
export function useUpdateContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: UpdateContactMessageInput) =>
      adminRequest<ContactMessageUpdateAnswer>(`/admin/contact_messages/${id}`, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
