import { useEffect } from 'react';
import { STORE_NAME } from './store-info.ts';

export interface PageMeta {
  title: string;
  description: string;
}

export function formatPageTitle(title: string): string {
  return title ? `${title} | ${STORE_NAME}` : STORE_NAME;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Sets document.title ('<title> | Lumina Piercings') and the meta description for the page. */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
    descriptionTag().content = description;
  }, [title, description]);
}
