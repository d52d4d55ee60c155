/** ErrorBody for the OpenAPI description of every failing answer: the shared contract. */
export { errorBodySchema as errorResponseSchema } from '@lumina/shared/http/error-body';
