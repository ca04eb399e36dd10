/**
 * Every user-facing message of the product, written once: forms, routes and tests read them as
 * `messages.required`, `messages.tooLong(50)`, so a message can only change in one place. Each
 * message is its own export, so a bundler ships a page only the messages it uses.
 */
export * as messages from './messages/index';
