export { MembershipCard } from './components/MembershipCard';
export { CHECKOUT_DATA_KEY, buildCheckoutData, clearCheckoutData, readCheckoutData, storeCheckoutData, type CheckoutData } from './checkoutData';
