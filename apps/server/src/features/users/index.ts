// The users feature's public file: what other features may use of the account record (decision 021).
export type { RequestMeta } from './service';
export {
  billingAddressOf,
  cardDetailsOf,
  findUserByEmail,
  findUserById,
  insertUser,
  lockUser,
  profileColumns,
  toProfile,
  updateUser,
  type NewUser,
  type ProfileRow,
  type UserRow,
} from './repository';
export { consumeToken, deleteSpentTokens, issueToken } from './tokens.repository';
