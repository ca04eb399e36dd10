import type { FastifyReply } from 'fastify';

/**
 * Runs work once the answer has gone, so its duration tells the caller nothing (for example whether
 * an e-mail has an account). A failure is logged: nobody is waiting for it any more.
 */
export function afterReply(reply: FastifyReply, what: string, work: () => Promise<void>) {
  // 'close' comes once the answer is written; the extra turn lets whoever awaits the answer go first.
  reply.raw.once('close', () =>
    setImmediate(() => {
      work().catch((error: unknown) => reply.log.error({ err: error }, `${what} failed after the reply`));
    }),
  );
}
