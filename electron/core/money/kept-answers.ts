import { type ProviderAnswer, recoverEsims } from '../api';
import type { KeptAnswer } from '../journal/answers';

/**
 * The provider's answers as the journal keeps them (see journal/answers.ts): each answer to a send of
 * a sale or a top-up, and the reads that settle one.
 */

/** The answers one send of a record received (`send`: the record's send count; 1 for a top-up). */
export function sendAnswers(request: string, send: number, answers: readonly ProviderAnswer[]): KeptAnswer[] {
  return answers.map((answer) => ({
    request,
    send,
    attempt: answer.attempt,
    status: answer.status,
    whole: answer.whole,
    receivedAt: answer.receivedAt,
    body: answer.body,
  }));
}

/**
 * Answers to an order that left it in doubt, each with the eSIMs found in its text: an answer the
 * counter could not read may still carry what the customer was charged for.
 */
export function withEsimsFound(answers: readonly KeptAnswer[]): KeptAnswer[] {
  return answers.map((answer) => {
    const esims = recoverEsims(answer.body);
    return esims.length > 0 ? { ...answer, esims } : answer;
  });
}

/** The answer of a read that settled a record (a success: no status is kept). */
export function readAnswer(request: string, body: string, receivedAt: string): KeptAnswer {
  return { request, send: null, attempt: null, status: null, whole: true, receivedAt, body };
}
