import { CONSENT_CATEGORY_TEXTS } from '@lumina/shared/privacy/privacy-texts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import {
  ONLY_ESSENTIAL,
  type CookiePreferences,
  type OptionalCategory,
} from '../model/consent-storage.ts';
import { closeCookiePreferences, saveConsent, useCookieConsent } from '../model/consent-store.ts';

interface Category {
  key: keyof CookiePreferences;
  title: string;
  description: string;
}

const CATEGORIES: Category[] = (
  ['essential', 'performance', 'functional', 'marketing'] as const
).map((key) => ({ key, ...CONSENT_CATEGORY_TEXTS[key] }));

/** Lazily loaded preferences modal: essential always on, three optional toggles and save. */
export function CookiePreferencesDialog({ open }: { open: boolean }) {
  const consent = useCookieConsent();
  const [preferences, setPreferences] = useState<CookiePreferences>(
    consent?.preferences ?? ONLY_ESSENTIAL,
  );
  const baseId = useId();

  function toggle(key: OptionalCategory, value: boolean) {
    setPreferences((current) => ({ ...current, [key]: value }));
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) closeCookiePreferences();
      }}
      title="Preferências de cookies"
      description="Escolha quais cookies a loja pode usar. Você pode mudar de ideia a qualquer momento pelo link no rodapé."
    >
      <ul className="mt-6 divide-y divide-cream-300">
        {CATEGORIES.map((category) => {
          const titleId = `${baseId}-${category.key}-title`;
          const descriptionId = `${baseId}-${category.key}-description`;
          const key = category.key;
          return (
            <li key={key} className="flex items-start gap-4 py-4">
              <div className="flex-1">
                <p id={titleId} className="font-semibold text-ink-900">
                  {category.title}
                  {key === 'essential' ? (
                    <span className="ml-2 text-xs font-medium text-gold-700">Sempre ativos</span>
                  ) : null}
                </p>
                <p id={descriptionId} className="mt-1 text-sm text-ink-700">
                  {category.description}
                </p>
              </div>
              <Switch
                checked={preferences[key]}
                disabled={key === 'essential'}
                labelledBy={titleId}
                describedBy={descriptionId}
                onCheckedChange={key === 'essential' ? undefined : (value) => toggle(key, value)}
              />
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={closeCookiePreferences}>
          Cancelar
        </Button>
        <Button onClick={() => saveConsent(preferences)}>Salvar preferências</Button>
      </div>
    </Dialog>
  );
}
