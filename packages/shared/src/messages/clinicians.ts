// Clinicians: their details, invitations and sign-in
export const npi = 'Please enter a 10-digit NPI with a valid check digit.';
