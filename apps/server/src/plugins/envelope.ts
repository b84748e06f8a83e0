// One place that turns every failure into the envelope (docs/decisions/0006-envelope-and-error-codes.md): AppError -> its code (HTTP 203
// for tokenFail), malformed or oversized bodies -> InvalidParams/PayloadTooLarge, unknown
// /api paths -> NotFound, anything else -> SystemBusy with the cause logged, never sent.
import { STATUS_CODES } from 'node:http';
import { ErrorCode } from '@hc/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../lib/app-error';

export interface ValidationIssue {
  path: string;
  message: string;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function hasCode(err: unknown): err is FastifyError {
  return (
    typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
  );
}

/** Fastify's own request errors (body parsing, content type, size) as AppErrors. */
function fromFastifyError(err: FastifyError, bodyLimit: number): AppError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrorCode.PayloadTooLarge, { limit: bodyLimit });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(ErrorCode.InvalidParams, {
        issues: [{ path: '', message: 'Body is not valid JSON' }],
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(ErrorCode.InvalidParams, {
        issues: [{ path: '', message: 'Content-Type must be application/json' }],
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(ErrorCode.InvalidParams, {
        issues: [{ path: '', message: 'Content-Length does not match the body' }],
      });
    default:
      // Any other client error fastify raises (bad URL, prototype poisoning, ...).
      if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
        return new AppError(ErrorCode.InvalidParams, {
          issues: [{ path: '', message: err.message }],
        });
      }
      return undefined;
  }
}

function sendAppError(reply: FastifyReply, err: AppError): FastifyReply {
  return reply.code(err.httpStatus).type('application/json; charset=utf-8').send(err.toEnvelope());
}

/**
 * Fastify's `frameworkErrors`: errors the router raises before any route or error handler runs
 * (a path parameter over maxParamLength -> 414, a malformed percent-encoding -> 400). Without it
 * they are answered with fastify's own JSON, not the envelope (apps/server/test/fuzz.test.ts). /api paths
 * get InvalidParams; other paths keep the plain HTTP status.
 */
export function answerFrameworkError(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  if (isApiPath(req.url)) {
    void sendAppError(
      reply,
      new AppError(ErrorCode.InvalidParams, {
        issues: [
          {
            path: 'params',
            message:
              err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Path parameter too long' : 'Malformed URL',
          },
        ],
      }),
    );
    return;
  }
  const status = err.statusCode !== undefined && err.statusCode >= 400 ? err.statusCode : 400;
  void reply.code(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error' });
}

export interface ErrorHandlingOptions {
  bodyLimit: number;
  /** Not-found for anything outside /api (the web app's SPA fallback). */
  onNonApiNotFound: (req: FastifyRequest, reply: FastifyReply) => unknown;
}

export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    const known = isAppError(err)
      ? err
      : hasCode(err)
        ? fromFastifyError(err, options.bodyLimit)
        : undefined;
    if (isApiPath(req.url)) {
      if (known !== undefined) return sendAppError(reply, known);
      req.log.error({ err }, 'unhandled error answered as SystemBusy');
      return sendAppError(reply, new AppError(ErrorCode.SystemBusy));
    }
    // Outside /api (static files, probes): plain HTTP status, no internals.
    const status =
      hasCode(err) && err.statusCode !== undefined && err.statusCode >= 400
        ? err.statusCode
        : known === undefined
          ? 500
          : 400;
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    return reply.code(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error' });
  });

  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url)) return sendAppError(reply, new AppError(ErrorCode.NotFound));
    return options.onNonApiNotFound(req, reply);
  });
}

/** zod issues as `{ path, message }` for InvalidParams' `data.issues`. */
export function toValidationIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): ValidationIssue[] {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}
