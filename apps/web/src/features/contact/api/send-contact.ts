import type { ContactInput, ContactResponse } from '@lumina/shared/contact/contact-schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function sendContact(input: ContactInput): Promise<ContactResponse> {
  return apiRequest<ContactResponse>('/contact', { method: 'POST', body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
