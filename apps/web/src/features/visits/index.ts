// The visits feature's public file: what other features may use (decision 021).
export { GetCareCard } from './components/get-care-card';
export { MemberVisits } from './components/member-visits';
export type { ThreadMessage } from './api/visits';
export { MessageThread, type ThreadReader } from './components/message-thread';
