// The ALTCHA widget, imported only once a login asks for the captcha (captcha-challenge.tsx), so
// the home page never downloads it. The "external" build takes no blob: workers and injects no
// styles: its worker and stylesheet are our own files, which the CSP already allows.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import './altcha-theme.css';

export const ALTCHA_LANGUAGE = 'pt-br';

/** The widget's texts (its own pt-BR set is imported by no one: these are the shop's words). */
const STRINGS = {
  label: 'Não sou um robô',
  verifying: 'Verificando...',
  verified: 'Verificado',
  error: 'Falha na verificação. Tente novamente.',
  expired: 'Verificação expirada. Tente novamente.',
  verificationRequired: 'Verificação necessária.',
  waitAlert: 'Verificando... aguarde.',
  loading: 'Carregando...',
  reload: 'Recarregar',
  verify: 'Verificar',
  cancel: 'Cancelar',
  footer:
    'Protegido por <a href="https://altcha.org/" tabindex="-1" target="_blank" rel="noopener noreferrer" aria-label="ALTCHA (site oficial, abre em nova aba)">ALTCHA</a>',
  ariaLinkLabel: 'ALTCHA (site oficial, abre em nova aba)',
  enterCode: 'Digite o código',
  enterCodeAria: 'Digite o código que você ouve. Pressione Espaço para ouvir o áudio.',
  enterCodeFromImage: 'Para continuar, digite o código da imagem abaixo.',
  getAudioChallenge: 'Ouvir o código em áudio',
};

/** Registers the one algorithm our challenges use, the texts and the defaults; idempotent. */
export function setUpAltcha(): void {
  const altcha = globalThis.$altcha;
  altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  altcha.i18n.set(ALTCHA_LANGUAGE, STRINGS);
  // Nothing about the visitor is collected: no pointer or scroll samples (LGPD).
  altcha.defaults.set({ language: ALTCHA_LANGUAGE, humanInteractionSignature: false });
}
