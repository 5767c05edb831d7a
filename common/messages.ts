/** Messages quoted by SPEC.md, written once for server and client. */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  loginSuccess: 'Login successful',
  loginFailedTitle: 'Login failed',
  loginFailedText: 'Invalid username or password',
  notFoundPage: '404 Page Not Found',
  loading: 'Loading...',
  unauthorized: 'Unauthorized',
} as const

/**
 * The back-office's messages: SPEC.md section 4's prompts and feedback, and
 * the words of each panel, written once for the panels and their tests.
 */
export const ADMIN_MESSAGES = {
  /** A panel or editor whose code could not load (decision 49). */
  partLoadFailed: 'This did not open: the connection may have dropped. Try again in a moment.',
  success: 'Success!',
  saved: 'Saved successfully!',
  updated: 'Updated successfully!',
  deleted: 'Deleted successfully!',
  errorTitle: 'Something went wrong',
  errorFallback: 'The change could not be saved. Please try again.',
  discardTitle: 'Discard changes?',
  discardText: 'What you changed in this form has not been saved and will be lost.',
  discardConfirm: 'Discard Changes',
  keepEditing: 'Keep Editing',
  /** A panel's line for a role that may look but not change (staff): `what` as in 'events', 'them'. */
  managerChanges: (what: string) => `A manager or owner changes ${what}.`,

  confirmReservation: 'Are you sure you want to confirm this reservation?',
  confirmLargeReservation: 'Are you sure you want to confirm this large party reservation?',
  cancelReservation: 'Are you sure you want to cancel this reservation?',
  /** The cancel prompt's second line: whether the guest hears of it (the booking_cancelled email goes to the booking's address). */
  cancelEmailNote: (name: string, email: string | null | undefined) =>
    email?.trim() ? `${name} will be emailed that their booking is cancelled.` : 'No email will be sent: this booking has no email address.',
  declineReservation: 'Are you sure you want to decline this reservation?',
  deleteReservation: 'Are you sure you want to delete this reservation? This action cannot be undone.',

  allBookings: 'All Bookings',
  selectDate: 'Select a date to view bookings',
  pendingTitle: 'Large parties (7+ guests) requiring manual confirmation',
  pendingEmptyTitle: 'All caught up!',
  pendingEmptyText: 'No pending reservations require your attention.',

  loadingExceptions: 'Loading hour exceptions...',
  noExceptions: 'No hour exceptions found',

  deleteEvent: 'Are you sure you want to delete this event? This action cannot be undone.',
  noEvents: 'No events found',
  noEventsYet: 'Create your first event to get started',
  noEventsFiltered: 'Try adjusting your filters to see more events',
  clearFilters: 'Clear All Filters',
  showingEvents: (shown: number, total: number) => `Showing ${shown} of ${total} events`,
  deleteEnquiry: 'Are you sure you want to delete this enquiry?',
  copyTableSummary: 'Copy Table Summary',
} as const
