import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_CONSENTS_DIALOG_TEXTS as TEXTS } from '@lumina/shared/privacy/privacy-texts';
import { consentsShape } from '@lumina/shared/users/consents';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { AccountConsentFields } from '../../../components/account-consent-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import {
  authUserFromProfile,
  profileQueryOptions,
  useProfile,
} from '../../../lib/account/get-profile.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useLogout } from '../../../lib/auth/use-logout.ts';
import { useUpdateConsents } from '../api/update-consents.ts';

/** The register form's consent rules (packages/shared/src/users/consents.ts), nothing else. */
const schema = z.object(consentsShape);

interface Values {
  privacy_policy_accepted: boolean;
  terms_of_service_accepted: boolean;
  marketing_consent: boolean;
  data_processing_consent: boolean;
}
type Output = z.output<typeof schema>;

const NOTHING_GIVEN: Values = {
  privacy_policy_accepted: false,
  terms_of_service_accepted: false,
  marketing_consent: false,
  data_processing_consent: false,
};

function ConsentsForm({ userId }: { userId: number }) {
  const { setUser } = useAuth();
  const logout = useLogout();
  const client = useQueryClient();
  const update = useUpdateConsents();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema) as Resolver<Values, unknown, Output>,
    defaultValues: NOTHING_GIVEN,
  });

  async function save(values: Output) {
    setFailure(null);
    try {
      await update.mutateAsync({
        privacyPolicy: true,
        termsOfService: true,
        dataProcessing: values.data_processing_consent,
        marketingComm: values.marketing_consent,
      });
      // The profile as the server now holds it: the question goes away once it says accepted.
      const { user } = await client.fetchQuery({ ...profileQueryOptions(userId), staleTime: 0 });
      setUser(authUserFromProfile(user));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  const { errors, isSubmitting } = formState;
  return (
    <form
      noValidate
      className="mt-6 space-y-5"
      onSubmit={(event) => void handleSubmit(save)(event)}
    >
      <AccountConsentFields
        idPrefix="consentimento-conta"
        registrations={{
          privacyPolicy: register('privacy_policy_accepted'),
          termsOfService: register('terms_of_service_accepted'),
          marketingComm: register('marketing_consent'),
          dataProcessing: register('data_processing_consent'),
        }}
        errors={{
          privacyPolicy: errors.privacy_policy_accepted?.message,
          termsOfService: errors.terms_of_service_accepted?.message,
        }}
      />
      {failure ? <FormAlert kind="error" messages={[failure]} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={isSubmitting} onClick={() => void logout()}>
          {TEXTS.logout}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? TEXTS.saving : TEXTS.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * An account created with Google never saw the register form's consents: it is asked for them
 * before anything else, on any page. The stored user made the host load this; the profile as
 * the server holds it decides (a failed read falls back on the stored user).
 */
export function AccountConsentsDialog() {
  const { user } = useAuth();
  const profile = useProfile(user?.id ?? 0);
  const current = profile.data ?? (profile.isError ? user : null);
  const missing =
    current !== null && (!current.privacy_policy_accepted || !current.terms_of_service_accepted);
  if (!user || !missing) return null;
  return (
    <Dialog
      open
      onOpenChange={() => undefined}
      dismissible={false}
      title={TEXTS.title}
      description={TEXTS.description}
    >
      <ConsentsForm userId={user.id} />
    </Dialog>
  );
}
