import type { DeliveryView } from '@assessment/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { When } from '../../../components/When.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { formatDateTime } from '../../../lib/time.ts';
import {
  canSendAgain,
  deliveryFailureDetail,
  deliveryRecipient,
  deliveryStateText,
  deliveryWhat,
} from '../lib/delivery-state.ts';
import { GreenhouseReports } from './GreenhouseReports.tsx';
import { TechnicalDetail } from './TechnicalDetail.tsx';

/**
 * The emails sent in the company's name, newest first: to whom, what, and how each went, with
 * "Send again" for one that failed or went astray. Without a mail server the messages are only
 * kept on the server, and the page says so: reviewers copy the links themselves.
 */
export function DeliveryLog() {
  const { me, calls } = useSignedIn();
  const id = useId();
  const log = useResource('deliveries', (signal) => calls.deliveries(signal));
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);

  // The refusal is shown once rendered, and the reviewer is taken to it.
  useEffect(() => {
    if (problem) alert.current?.focus();
  }, [problem]);

  async function sendAgain(delivery: DeliveryView) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await calls.sendAgain(delivery.deliveryId);
      setMessage(`${deliveryWhat(delivery)} to ${deliveryRecipient(delivery)} is queued to be sent again.`);
      log.reload();
      // The row's button goes while the message waits: the reviewer goes on from what happened.
      requestAnimationFrame(() => status.current?.focus());
    } catch (error) {
      setMessage(null);
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={log.loading}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        Emails and webhooks
      </h2>
      {!me.emailSetUp && (
        <p className="notice">
          Email is not set up: copy the link. Invitations and receipts are kept on the server, not sent, until the
          operator sets up a mail server.
        </p>
      )}
      <p>
        What was sent in {me.company.companyName}'s name: each personal invitation, reminder and finished candidate's
        receipt, each event sent to your webhook endpoint, and each time Greenhouse was told to read a test again.
      </p>
      {log.error && <LoadProblem message={log.error} onRetry={log.reload} />}
      {log.data && log.data.deliveries.length === 0 && <p>Nothing has been sent yet.</p>}
      {log.data && log.data.deliveries.length > 0 && (
        <table className="data-table">
          <caption className="visually-hidden">Emails and webhooks, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Made</th>
              <th scope="col">To</th>
              <th scope="col">What</th>
              <th scope="col">How it went</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.deliveries.map((delivery) => (
              <tr key={delivery.deliveryId}>
                <td>
                  <When at={delivery.createdAt} />
                </td>
                <td>{deliveryRecipient(delivery)}</td>
                <td>{deliveryWhat(delivery)}</td>
                <td>
                  {deliveryStateText(delivery, (at) => formatDateTime(at), me.emailSetUp)}
                  <TechnicalDetail detail={deliveryFailureDetail(delivery)} />
                </td>
                <td>
                  {canSendAgain(delivery) && (
                    <button
                      type="button"
                      className="button"
                      aria-disabled={busy}
                      aria-label={`Send again: ${deliveryWhat(delivery)} to ${deliveryRecipient(delivery)}`}
                      onClick={() => void sendAgain(delivery)}
                    >
                      Send again
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.data && <GreenhouseReports reports={log.data.reports} />}
      <p ref={status} role="status" tabIndex={-1}>
        {message}
      </p>
      {problem && (
        <p ref={alert} role="alert" tabIndex={-1}>
          {problem}
        </p>
      )}
    </section>
  );
}
