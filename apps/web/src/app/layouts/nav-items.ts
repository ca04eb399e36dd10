import { brand } from '../../lib/brand';

/** The navigation menu (docs/product.md, Public site), in its order. Hash links lead to sections of the home page. */
interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavMenu {
  id: string;
  label: string;
  items: NavLinkItem[];
}

export const servicesMenu: NavMenu = {
  id: 'services',
  label: 'Our Services',
  items: [
    { label: 'All Services', to: '/#services' },
    { label: 'Primary Care', to: '/services/primary-care' },
    { label: "Women's Health", to: '/services/womens-health' },
    { label: "Kid's Treatment", to: '/services/pediatric-care' },
  ],
};

export const learnMenu: NavMenu = {
  id: 'learn',
  label: 'Learn More',
  items: [
    { label: 'How It Works', to: '/#how' },
    { label: 'Patient Stories', to: '/#testimonials' },
    { label: `Why ${brand.name}`, to: '/#why' },
    { label: 'FAQs', to: '/#faq' },
  ],
};

export const blogsMenu: NavMenu = {
  id: 'blogs',
  label: 'Blogs',
  items: [
    { label: 'Caregiver Support Tips', to: '/tips/caregiver-support' },
    { label: 'What To Expect (First Visit)', to: '/tips/first-visit' },
    { label: 'Preventive Care Routine', to: '/tips/preventive-care' },
  ],
};

export const CONTACT_SUPPORT = '/contact#support-title';
