// The auth feature's public file: sessions and credentials, for other features and the auth plugin (decision 021).
export { changePassword, mailResetLink } from './service';
export { deleteStaleSessions, findLiveSession, findLiveSessionWithProfile, readToken, revokeUserSessions } from './sessions.repository';
