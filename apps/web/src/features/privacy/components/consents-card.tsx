import type { ConsentsAnswer, PageConsent } from '@lumina/shared/privacy/consents';
import {
  CONSENT_CATEGORY_TEXTS,
  CONSENT_STATUS_LABELS,
  PRIVACY_TEXTS,
} from '@lumina/shared/privacy/privacy-texts';
import { Switch } from '../../../components/ui/switch.tsx';
import { notify } from '../../../lib/ui-events.ts';
import { useConsents } from '../api/get-consents.ts';
import { useUpdateConsents } from '../api/update-consents.ts';
import { LoadState } from './load-state.tsx';
import { SectionCard } from './section-card.tsx';
import { useShopName } from '../../../lib/store-settings.ts';

/** The three optional cookie categories, as the cookie banner keeps them in this browser. */
export interface CookieChoice {
  performance: boolean;
  functional: boolean;
  marketing: boolean;
}

const ROWS: readonly PageConsent[] = ['performance', 'functional', 'marketing', 'marketingComm'];
const isCookie = (name: PageConsent): name is keyof CookieChoice => name !== 'marketingComm';

interface RowProps {
  name: PageConsent | 'essential';
  checked: boolean;
  disabled: boolean;
  onChange?: (value: boolean) => void;
}

function ConsentRow({ name, checked, disabled, onChange }: RowProps) {
  const { title, description } = CONSENT_CATEGORY_TEXTS[name];
  const titleId = `consentimento-${name}`;
  const descriptionId = `consentimento-${name}-descricao`;
  return (
    <tr>
      <td className="py-4 pr-3 align-top">
        <p id={titleId} className="font-semibold text-ink-900">
          {title}
        </p>
        <p id={descriptionId} className="mt-1 text-sm text-ink-700">
          {description}
        </p>
      </td>
      <td className="px-2 py-4 align-top text-sm whitespace-nowrap">
        <span className={checked ? 'font-semibold text-success' : 'text-ink-700'}>
          {checked ? CONSENT_STATUS_LABELS.on : CONSENT_STATUS_LABELS.off}
        </span>
      </td>
      <td className="py-4 pl-2 text-right align-top">
        <Switch
          checked={checked}
          disabled={disabled}
          labelledBy={titleId}
          describedBy={descriptionId}
          onCheckedChange={onChange}
        />
      </td>
    </tr>
  );
}

function ConsentsTable({
  answer,
  onCookieChoice,
}: {
  answer: ConsentsAnswer;
  onCookieChoice?: (choice: CookieChoice) => void;
}) {
  const update = useUpdateConsents();
  const change = (name: PageConsent, value: boolean) =>
    update.mutate(
      { [name]: value },
      {
        onSuccess: ({ consents }) => {
          notify(PRIVACY_TEXTS.consentUpdated, 'success');
          if (isCookie(name)) {
            const { performance, functional, marketing } = consents;
            onCookieChoice?.({ performance, functional, marketing });
          }
        },
        // The switch is back where it was (useUpdateConsents); say why.
        onError: (error) => notify(error.message, 'error'),
      },
    );
  return (
    <table className="w-full text-left">
      <thead className="sr-only">
        <tr>
          <th scope="col">Consentimento</th>
          <th scope="col">Status</th>
          <th scope="col">Alterar</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-300/40">
        <ConsentRow name="essential" checked disabled />
        {ROWS.map((name) => (
          <ConsentRow
            key={name}
            name={name}
            checked={answer.consents[name]}
            // One change at a time: each answer is the whole choice as the server holds it.
            disabled={update.isPending}
            onChange={(value) => change(name, value)}
          />
        ))}
      </tbody>
    </table>
  );
}

export interface ConsentsCardProps {
  /** A cookie category changed on the server: the browser's cookie choice follows it. */
  onCookieChoice?: (choice: CookieChoice) => void;
}

/** 'Consentimentos' (spec 001 §4): each switch saves at once on the server. */
export function ConsentsCard({ onCookieChoice }: ConsentsCardProps) {
  const shop = useShopName();
  const consents = useConsents();
  const content = consents.data ? (
    <ConsentsTable answer={consents.data} onCookieChoice={onCookieChoice} />
  ) : (
    <LoadState
      error={consents.error}
      onRetry={() => void consents.refetch()}
      loadingLabel="Carregando consentimentos..."
    />
  );
  return (
    <SectionCard
      id="consentimentos"
      title="Consentimentos"
      description={`Escolha como ${shop ? `a ${shop}` : 'a loja'} pode usar seus dados. Cada alteração é salva na hora.`}
    >
      {content}
    </SectionCard>
  );
}
