import { ScrollRestoration } from 'react-router';
import { AdminIndex, AdminLayout } from '../../features/admin/components/admin-layout.tsx';
import { SandboxNotice } from '../layout/sandbox-notice.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Component as Coupons } from './admin-coupons.tsx';
import { Component as Customer } from './admin-customer.tsx';
import { Component as Customers } from './admin-customers.tsx';
import { Component as Messages } from './admin-messages.tsx';
import { Component as Order } from './admin-order.tsx';
import { Component as Orders } from './admin-orders.tsx';
import { Component as Privacy } from './admin-privacy.tsx';
import { Component as Products } from './admin-products.tsx';
import { Component as Return } from './admin-return.tsx';
import { Component as Returns } from './admin-returns.tsx';
import { Component as Reviews } from './admin-reviews.tsx';
import { Component as Security } from './admin-security.tsx';
import { Component as Settings } from './admin-settings.tsx';
import { Component as Staff } from './admin-staff.tsx';

/**
 * /admin: a lazy route group, so shoppers never download the panel's code. It stands beside the
 * storefront's RootLayout, not inside it: of that shell the panel keeps the skip link and the
 * scroll restoration; the toasts (AppFrame), the query client and the session are above both.
 */
export function Component() {
  usePageMeta({ title: 'Painel administrativo', description: 'Painel da loja.' });
  return (
    <>
      <AdminLayout notice={<SandboxNotice />} />
      <ScrollRestoration />
    </>
  );
}

/**
 * The panel's pages travel in this one chunk: a lazy import per page cost the storefront's own
 * bundle, which every shopper downloads, some 100 bytes each. The home's charts (Chart.js, about
 * 65 KB gzip) are the exception: this chunk imports them lazily, for those who see the figures.
 */
export const adminPages = {
  Index: AdminIndex,
  Coupons,
  Customer,
  Customers,
  Messages,
  Order,
  Orders,
  Privacy,
  Products,
  Return,
  Returns,
  Reviews,
  Security,
  Settings,
  Staff,
};

export type AdminPageName = keyof typeof adminPages;
