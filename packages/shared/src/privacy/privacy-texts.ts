/** Data management page texts (spec 001 §4, §5). */
export const PRIVACY_TEXTS = {
  deletionConfirmation:
    'Você tem certeza que deseja solicitar a exclusão de seus dados? Esta ação não pode ser desfeita.',
  consentUpdated: 'Consentimento atualizado com sucesso!',
  /** The only status a new privacy request shows. */
  requestCreatedStatus: 'Solicitado',
} as const;
