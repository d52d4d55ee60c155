/** Data management page texts (spec 001 §4, §5). */
export const PRIVACY_TEXTS = {
  deletionConfirmation:
    'Você tem certeza que deseja solicitar a exclusão de seus dados? Esta ação não pode ser desfeita.',
  consentUpdated: 'Consentimento atualizado com sucesso!',
  /** The only status a new privacy request shows. */
  requestCreatedStatus: 'Solicitado',
} as const;

/**
 * The consent categories as the cookie preferences and the personal-data page name them: one
 * text for both, so what the person agreed to reads the same everywhere.
 */
export const CONSENT_CATEGORY_TEXTS = {
  essential: {
    title: 'Essenciais',
    description:
      'Necessários para a loja funcionar: sessão, carrinho, segurança e a sua escolha de cookies. Não podem ser desativados.',
  },
  performance: {
    title: 'Desempenho',
    description:
      'Ajudam a entender como a loja é usada para deixá-la mais rápida e fácil de navegar.',
  },
  functional: {
    title: 'Funcionais',
    description:
      'Lembram escolhas como preferências de navegação para personalizar sua experiência.',
  },
  marketing: {
    title: 'Marketing',
    description: 'Permitem mostrar ofertas e novidades mais relevantes para você.',
  },
  marketingComm: {
    title: 'E-mail marketing',
    description: 'Receber novidades e promoções da loja por e-mail.',
  },
} as const;

/** A consent's state on the personal-data page. */
export const CONSENT_STATUS_LABELS = { on: 'Ativo', off: 'Inativo' } as const;

/**
 * The register form's consent checkboxes, also asked of an account created with Google on its
 * first visit (it never saw that form).
 */
export const ACCOUNT_CONSENT_LABELS = {
  legend: 'Privacidade e comunicações',
  privacyPolicyLead: 'Li e aceito a',
  privacyPolicyLink: 'Política de Privacidade',
  termsOfServiceLead: 'Li e aceito os',
  termsOfServiceLink: 'Termos de Serviço',
  required: '(obrigatório)',
  marketingComm: 'Quero receber novidades e promoções por e-mail (opcional)',
  dataProcessing:
    'Autorizo o uso dos meus dados para personalizar minha experiência na loja (opcional)',
} as const;

/** The dialog that asks those consents of an account created with Google. */
export const ACCOUNT_CONSENTS_DIALOG_TEXTS = {
  title: 'Antes de continuar',
  description:
    'Sua conta foi criada com o Google. Para continuar usando a loja, leia e aceite a Política de Privacidade e os Termos de Serviço.',
  save: 'Salvar e continuar',
  saving: 'Salvando...',
  logout: 'Sair',
} as const;

/** What the administrator reads before completing a request (the panel's privacy queue). */
export const PRIVACY_COMPLETION_WARNINGS = {
  access:
    'O titular recebe a resposta por e-mail e o arquivo com os dados que a loja mantém fica disponível na página Gerenciar Dados por 30 dias.',
  export:
    'O titular recebe a resposta por e-mail e o arquivo com os dados que a loja mantém fica disponível na página Gerenciar Dados por 30 dias.',
  deletion:
    'A conta e os dados pessoais do titular serão apagados, com as avaliações de produtos que escreveu. Os pedidos são mantidos apenas com os dados fiscais (nome, CPF e endereço de entrega) pelo prazo legal. Esta ação não pode ser desfeita.',
} as const;
