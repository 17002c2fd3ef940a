import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route's error handler for a form posted without JavaScript: the browser shows whatever it is answered,
 * so a rate limit's 429 becomes a redirect to the page saying so (`to`: that page's state). Every other
 * error is thrown on to the app's handler (JSON:API documents), as Fastify passes it to the parent handler.
 */
export function redirectWhenRateLimited(to: string | ((request: FastifyRequest) => string)) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode !== 429) throw error;
    return reply.redirect(typeof to === 'string' ? to : to(request), 303);
  };
}
