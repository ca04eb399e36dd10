// The visits feature's public file: its routes (the admin console's too), and what jobs and the clinicians feature call.
export { visitRoutes } from './routes';
export { visitSummaryRoutes } from './summary.routes';
export { clinicVisitRoutes } from './clinic.routes';
export { adminVisitRoutes } from './admin.routes';
export { announceVisits, handBackVisitsOf, releaseStaleClaims } from './clinic.service';
export type { VisitEvents } from './events.service';
export { photoKeyId, resealPhotos, storedPhotoKeys } from './photo-storage.service';
export { patientPhotoFiles, patientVisitRecord, removePatientPhotos } from './record.service';
export { announceVisit } from './events.service';
