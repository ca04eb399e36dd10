// The auth feature's public file: sessions and credentials, for other features and the auth plugin (decision 021).
export { changePassword, mailResetLink } from './service';
export { readToken } from './session-tokens.service';
export { deleteStaleSessions, findLiveSession, findLiveSessionWithProfile, revokeUserSessions } from './sessions.repository';
export { openSession } from './sessions.service';
