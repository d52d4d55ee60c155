import { ForgotPasswordForm } from '../../../components/forgot-password-form.tsx';
import { FORGOT_PASSWORD_MESSAGES } from '../../../lib/account/request-password-reset.ts';

/** The modal's third view: the e-mail that receives the reset link. */
export function ForgotPasswordView({ onLogin }: { onLogin: () => void }) {
  return (
    <ForgotPasswordForm
      // The view just changed (or opened): its first field takes the focus.
      autoFocus
      // Spec 000 §8: the success text is shown in an alert; the server's message stays inline.
      onSent={() => window.alert(FORGOT_PASSWORD_MESSAGES.sent)}
      footer={
        <div className="text-center">
          <button
            type="button"
            onClick={onLogin}
            className="min-h-10 rounded-full px-3 text-sm font-semibold text-ink-900 underline underline-offset-4 hover:text-gold-700"
          >
            Voltar para o login
          </button>
        </div>
      }
    />
  );
}
