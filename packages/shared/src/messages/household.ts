// The household: the family card, children, invited adults and who a visit is for
export const householdTitle = 'Your family';
export const addChild = 'Add a child';
export const inviteAdult = 'Invite an adult';
export const visitFor = 'Who is this visit for?';
export const householdFull = (max: number) => `A family has at most ${max} people besides the member who holds it: remove someone first.`;
export const householdFamilyOnly = 'Only a Family membership has a household: choose the Family plan to add people.';
export const householdHolderOnly = 'Only the member who holds the family membership can do this.';
export const childTooOld = 'A child added here must be under 18: invite an adult by e-mail instead.';
export const childSexRequired = 'Please choose the sex on the birth record.';
export const childRelationshipRequired = 'Please choose how the child is related to you.';
export const inviteOwnAddress = 'That is your own e-mail address.';
export const inviteOtherHousehold = 'That address already belongs to another household: they must leave it before joining yours.';
export const inviteAlreadyMember = 'That person is already in your family.';
export const inviteSent = (email: string) => `Invitation sent to ${email}. It works for 7 days.`;
export const inviteInvalid = 'This invitation link is no longer valid. Ask for a new one.';
export const inviteWrongAccount = (email: string) => `This invitation is for ${email}: sign in with that address to accept it.`;
export const inviteAccountExists = 'An account already uses this address: sign in to accept the invitation.';
export const inviteAccepted = (holder: string) => `You joined ${holder}'s family. You manage your own care and health history.`;
export const personNotFound = 'We could not find that person in your family.';
export const personRemoved = (name: string) => `${name} was removed from your family.`;
export const householdLeft = 'You left the family. Your record stays yours.';
export const childAdded = (name: string) => `${name} was added to your family.`;
/** What a guardian reads of a child who turned 18: the child now books and keeps their own care. */
export const childTurned18 = (name: string) =>
  `${name} is 18 now. Adults manage their own care: invite them by e-mail to create their own login, and their record moves with them.`;
export const visitChildIs18 = (name: string) => `${name} is 18 now and books their own visits.`;
export const pediatricAgeRange = 'Pediatric care is for children aged 2 to 17.';
export const childVisitIsPediatric = 'A visit for a child is pediatric care.';
export const inviteNeedsNewAddress = 'An account already uses this address: give an address of their own that has no account yet.';
export const inviteOnlyForAdults = 'Only a child who turned 18 is invited to take their record into a login of their own.';
export const holderCannotLeave = 'The member who holds the family membership cannot leave it: change or cancel the membership instead.';
export const inviteCancelled = 'Invitation withdrawn: its link no longer works.';
