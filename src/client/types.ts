import type { Static } from '@sinclair/typebox';
import type {
  AcceptedSchema,
  CaptureMetadataSchema,
  CaptureRequestSchema,
  JobStatusSchema,
  ProblemSchema,
  ResultRecordSchema,
} from '../http/schemas.js';
import type { CaptureMetadata as DomainMetadata } from '../domain/capture-metadata.js';
import type { UsageSchema } from '../http/routes/usage-routes.js';
import type { WebhookDeliveriesSchema, WebhookDeliverySchema } from '../http/routes/webhook-routes.js';

/** The body of `POST /screenshots/web`: the very schema the service validates with. */
export type CaptureOptions = Static<typeof CaptureRequestSchema>;
/** `202` answer of a submission. */
export type Accepted = Static<typeof AcceptedSchema>;
/** `GET /jobs/{jobId}/status`. */
export type JobStatus = Static<typeof JobStatusSchema>;
/** The result record's `metadata`: the keys the service documents (`finalUrl`, `httpStatus`, `truncated`, the `ai*` keys of a description…). */
export type CaptureMetadata = Static<typeof CaptureMetadataSchema>;
/**
 * `GET /jobs/{jobId}/result` with `Accept: application/json`; its `metadata` open to keys a later
 * service may add.
 */
export type ResultRecord = Omit<Static<typeof ResultRecordSchema>, 'metadata'> & {
  metadata: CaptureMetadata & Record<string, unknown>;
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/**
 * Compiles only while the schema the service documents and serialises `metadata` with says what the
 * capturer reports (the domain's `CaptureMetadata`).
 */
export type MetadataSchemaMatches = [
  Assert<Same<CaptureMetadata, DomainMetadata>>,
  Assert<Same<keyof CaptureMetadata, keyof DomainMetadata>>,
];
/** RFC 9457 problem body of every error answer. */
export type Problem = Static<typeof ProblemSchema>;
/** `GET /jobs/{jobId}/webhooks`. */
export type WebhookDeliveries = Static<typeof WebhookDeliveriesSchema>;
/** One delivery of `GET /jobs/{jobId}/webhooks`, and the answer of a redelivery. */
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

/** `GET /usage` (CONTRACT §4b). */
export type Usage = Static<typeof UsageSchema>;

/** A job's artifact as `GET /jobs/{jobId}/result` serves it. */
export interface ResultBytes {
  bytes: Uint8Array;
  /** `image/png`, `image/jpeg`, `image/webp`, `application/pdf` or `video/mp4`. */
  contentType: string;
}

/** What `capture()` returns: the finished job and its artifact. */
export interface CaptureResult extends ResultBytes {
  jobId: string;
  /** The job's final status record (`completed`). */
  job: JobStatus;
}

/** The body of a webhook (seed §2.3), as `verifyWebhook` returns it once the signature holds. */
export interface WebhookEvent {
  event: 'job.completed' | 'job.failed';
  jobId: string;
  type: 'WEB';
  status: 'completed' | 'failed';
  /** Relative: resolve it against the service's base URL. */
  resultUrl: string;
  /** `job.failed` only. */
  error?: string;
  /** `YYYY-MM-DDThh:mm:ssZ`. */
  timestamp: string;
}
