// The household's public file: its routes, and who may see and book for whom (visits, health history, user-admin).
export { householdRoutes, personParams } from './routes';
export { coveringAccountOf, keepsRecordOf, patientForVisit, peopleInCareOf } from './access.service';
export { leaveHouseholdsOnDeletion } from './account-deletion.service';
export { readHouseholdAsAdmin } from './admin.service';
export { readHousehold } from './read.service';
