import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput, type LoginRequest } from '@lumina/shared/users/login-schema';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import type { LoginResult } from '../../../lib/auth/auth-types.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { isCaptchaRequired, loginErrorMessage } from '../model/login-error.ts';
import { CaptchaChallenge, type CaptchaHandle } from './captcha-challenge.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

export const CAPTCHA_UNSOLVED = 'Não foi possível concluir a verificação. Tente novamente.';

export interface LoginFormProps {
  onSuccess: (result: LoginResult) => void;
  onForgotPassword: () => void;
  onRegister: () => void;
}

export function LoginForm({ onSuccess, onForgotPassword, onRegister }: LoginFormProps) {
  const { login } = useAuth();
  const { register, handleSubmit, formState } = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const captcha = useRef<CaptchaHandle>(null);

  async function onSubmit(values: LoginRequest) {
    setFailure(null);
    setCaptchaError(undefined);
    let token: string | null = null;
    if (captchaNeeded) {
      token = (await captcha.current?.token()) ?? null;
      if (!token) {
        setCaptchaError(CAPTCHA_UNSOLVED);
        return;
      }
    }
    try {
      const result = await login({
        email: values.email,
        password: values.password,
        ...(token ? { captcha_token: token } : {}),
      });
      onSuccess(result);
    } catch (error) {
      setFailure(loginErrorMessage(error));
      // A solution is good for one attempt: the next try needs a new one.
      if (isCaptchaRequired(error)) setCaptchaNeeded(true);
      captcha.current?.reset();
    }
  }

  const { errors, isSubmitting } = formState;
  return (
    <div className="mt-6 space-y-5">
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="space-y-4"
      >
        <TextField
          id="login-email"
          // The view just changed (or opened): its first field takes the focus.
          autoFocus
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          registration={register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          id="login-senha"
          label="Senha"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        {captchaNeeded ? <CaptchaChallenge ref={captcha} error={captchaError} /> : null}
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Entrando...' : 'Entrar'}
        </Button>
        <div className="text-center">
          <button
            type="button"
            onClick={onForgotPassword}
            className="min-h-10 rounded-full px-3 text-sm font-medium text-gold-700 underline-offset-4 hover:underline"
          >
            Esqueceu sua senha?
          </button>
        </div>
      </form>
      <div className="flex items-center gap-3 text-xs text-ink-600" aria-hidden="true">
        <span className="h-px flex-1 bg-ink-300" />
        ou
        <span className="h-px flex-1 bg-ink-300" />
      </div>
      <GoogleSignInButton />
      <p className="text-center text-sm text-ink-700">
        Não tem uma conta?{' '}
        <button
          type="button"
          onClick={onRegister}
          className="min-h-10 rounded-full px-1 font-semibold text-ink-900 underline underline-offset-4 hover:text-gold-700"
        >
          Criar conta
        </button>
      </p>
    </div>
  );
}
