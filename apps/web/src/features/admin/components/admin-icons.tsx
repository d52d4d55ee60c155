import {
  BagIcon,
  ChatIcon,
  Icon,
  type IconProps,
  ShieldIcon,
  SparkleIcon,
} from '../../../components/icons.tsx';
import type { AdminSectionIcon } from '../model/admin-sections.ts';

// The panel's own icons live in its chunk: shoppers never download them.

function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 10.5L12 4l8 6.5" />
      <path d="M6 9v11h12V9" />
      <path d="M10 20v-5h4v5" />
    </Icon>
  );
}

function ReturnIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 14L4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </Icon>
  );
}

function PeopleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M15.5 4.7a3.5 3.5 0 0 1 0 6.6" />
      <path d="M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
    </Icon>
  );
}

function TicketIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4V8z" />
      <path d="M14 6v12" strokeDasharray="2 2" />
    </Icon>
  );
}

function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7.5a4 4 0 0 1 8 0V11" />
    </Icon>
  );
}

function StoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 9.5L5.5 4h13L20 9.5" />
      <path d="M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0" />
      <path d="M5.5 12.5V20h13v-7.5" />
      <path d="M10 20v-4.5h4V20" />
    </Icon>
  );
}

/** A staff badge on its lanyard: the team, apart from the customers' people. */
function BadgeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="6" width="14" height="15" rx="2" />
      <path d="M10 3h4v4h-4z" />
      <circle cx="12" cy="12" r="2.2" />
      <path d="M8.5 18a3.5 3.5 0 0 1 7 0" />
    </Icon>
  );
}

/** A star: what shoppers said of the products. */
function StarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z" />
    </Icon>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="5.5" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="18.5" cy="12" r="1.2" fill="currentColor" />
    </Icon>
  );
}

export function ExternalIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4h6v6" />
      <path d="M20 4l-9 9" />
      <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Icon>
  );
}

export function DocsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M14 3v5h5M9 13h7M9 17h5" />
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 4H5v16h5" />
      <path d="M14 8l4 4-4 4M18 12H9" />
    </Icon>
  );
}

const SECTION_ICONS: Record<AdminSectionIcon, (props: IconProps) => React.JSX.Element> = {
  home: HomeIcon,
  orders: BagIcon,
  messages: ChatIcon,
  returns: ReturnIcon,
  products: SparkleIcon,
  reviews: StarIcon,
  customers: PeopleIcon,
  coupons: TicketIcon,
  security: ShieldIcon,
  privacy: LockIcon,
  store: StoreIcon,
  staff: BadgeIcon,
};

export function SectionIcon({ icon, ...props }: IconProps & { icon: AdminSectionIcon }) {
  const Drawn = SECTION_ICONS[icon];
  return <Drawn {...props} />;
}
