/**
 * Set in the environment of the one worker the cluster's primary starts before the others to
 * migrate and seed the database (cluster/prepare.ts), which then exits.
 */
export const PREPARE_ENV = 'LUMINA_CLUSTER_PREPARE';
