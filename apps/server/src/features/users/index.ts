// The users feature's public file: what other features may use of the account record (decision 021).
export type { RequestMeta } from './service';
export { newAccount } from './service';
export {
  findUserByEmail,
  findUserById,
  hasAdmin,
  insertUser,
  lockUser,
  profileColumns,
  updateUser,
  type NewUser,
  type ProfileRow,
  type UserRow,
} from './repository';
export { billingAddressOf, billingColumnsOf, cardDetailsOf, toProfile } from './profile.service';
export { consumeToken, deleteSpentTokens, deleteUnusedTokens, issueToken } from './tokens.repository';
