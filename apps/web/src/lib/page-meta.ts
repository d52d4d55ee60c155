import { shopName } from '@lumina/shared/settings/settings-rules';
import { useEffect } from 'react';
import { useStore } from './store-settings.ts';

export interface PageMeta {
  title: string;
  description: string;
}

/** 'Title | Shop' with the shop's name from its settings; the title alone before they arrive. */
export function formatPageTitle(title: string, shop: string): string {
  if (!shop) return title;
  return title ? `${title} | ${shop}` : shop;
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

/**
 * Sets document.title ('<title> | <trade name>') and the meta description for the page, as the
 * server wrote them (storefront/pages.ts).
 */
export function usePageMeta({ title, description }: PageMeta): void {
  const store = useStore();
  const shop = store ? shopName(store) : '';
  useEffect(() => {
    document.title = formatPageTitle(title, shop);
    descriptionTag().content = description;
  }, [title, description, shop]);
}
