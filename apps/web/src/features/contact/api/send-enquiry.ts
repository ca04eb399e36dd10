import { apiRequest } from '../../../lib/api-client';

export interface EnquiryRequest {
  fullName: string;
  email: string;
  /** Ten digits. */
  phone: string;
  message: string;
  smsOptIn: true;
}

export interface EnquiryResponse {
  message?: string;
}

/** POST /api/users/questions → 201 {message}; 400 with field errors; 429 when sent too often. */
export const sendEnquiry = (input: EnquiryRequest) => apiRequest<EnquiryResponse>('/api/users/questions', { method: 'POST', body: input });
