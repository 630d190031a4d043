import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders.js';
import { createStore } from '../../store/store.js';
import { json, notFound, stubFetch } from '../../test/http.js';
import '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';
import { ResidentProfile } from './ResidentProfile.js';

const profile = {
  residentName: 'Giuseppina Ferraro',
  address: 'Via Garibaldi 12, 10122 Torino',
  phone: '+39 011 555 0101',
  notes: null,
  contacts: [{ name: 'Marco Ferraro', phone: '+39 (333) 555-1234', relation: 'figlio' }],
};

function show(answer: unknown) {
  stubFetch((request) =>
    new URL(request.url).pathname === '/api/device/profile' ? json(200, answer) : notFound(request),
  );
  storeSession('EMPLOYEE');
  return render(
    <AppProviders store={createStore()}>
      <ResidentProfile deviceId={3} />
    </AppProviders>,
  );
}

describe('ResidentProfile', () => {
  it('shows the resident with phones as tel: links', async () => {
    show(profile);
    expect(await screen.findByText('Giuseppina Ferraro')).toBeInTheDocument();
    expect(screen.getByText('Via Garibaldi 12, 10122 Torino')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+39 011 555 0101' })).toHaveAttribute(
      'href',
      'tel:+390115550101',
    );
    expect(screen.getByRole('link', { name: '+39 (333) 555-1234' })).toHaveAttribute(
      'href',
      'tel:+393335551234',
    );
    expect(screen.getByText(/Marco Ferraro/)).toHaveTextContent('Marco Ferraro (figlio)');
  });

  it('shows nothing when no profile was written', async () => {
    const view = show({
      residentName: null,
      address: null,
      phone: null,
      notes: null,
      contacts: [],
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(view.container).toBeEmptyDOMElement();
  });
});
