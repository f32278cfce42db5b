/** Toolbar pictograms; each button carries its own accessible name, so these are hidden from assistive technology. */

function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg className="quiz-tool-icon" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const QuoteIcon = () => (
  <Icon>
    <path d="M3 10c0-3 1.5-5 4-6v2c-1.2.6-1.8 1.6-2 3h2v5H3zm8 0c0-3 1.5-5 4-6v2c-1.2.6-1.8 1.6-2 3h2v5h-4z" />
  </Icon>
);

export const OrderedListIcon = () => (
  <Icon>
    <path d="M7 4h9v2H7zm0 4h9v2H7zm0 4h9v2H7zM2.5 3H4v4H3V4.2h-.5zM2 9.2c.2-.7.8-1.2 1.6-1.2.9 0 1.4.5 1.4 1.2 0 .6-.4 1-.9 1.4l-.6.4H5v1H2v-.8l1.4-1.1c.4-.3.6-.5.6-.8 0-.3-.2-.4-.4-.4-.3 0-.5.2-.6.5z" />
  </Icon>
);

export const BulletListIcon = () => (
  <Icon>
    <path d="M7 4h9v2H7zm0 4h9v2H7zm0 4h9v2H7z" />
    <circle cx="3.5" cy="5" r="1.5" />
    <circle cx="3.5" cy="9" r="1.5" />
    <circle cx="3.5" cy="13" r="1.5" />
  </Icon>
);

export const OutdentIcon = () => (
  <Icon>
    <path d="M2 3h14v2H2zm6 4h8v2H8zm0 4h8v2H8zM2 15h14v-2H2zM6 7v4L2 9z" />
  </Icon>
);

export const IndentIcon = () => (
  <Icon>
    <path d="M2 3h14v2H2zm6 4h8v2H8zm0 4h8v2H8zM2 15h14v-2H2zM2 7v4l4-2z" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M7.5 10.5l3-3 1 1-3 3zM5 13a2 2 0 010-3l2-2 1 1-2 2a.6.6 0 000 1 .6.6 0 001 0l2-2 1 1-2 2a2 2 0 01-3 0zm5-8a2 2 0 013 0 2 2 0 010 3l-2 2-1-1 2-2a.6.6 0 000-1 .6.6 0 00-1 0L9 8 8 7z" />
  </Icon>
);

export const PictureIcon = () => (
  <Icon>
    <path d="M2 3h14v12H2zm1.5 1.5v7.3l3-3.3 2.5 2.7 2-2 3.5 3.8V4.5zM12 6a1.5 1.5 0 110 3 1.5 1.5 0 010-3z" />
  </Icon>
);

export const CleanIcon = () => (
  <Icon>
    <path d="M4 3h10v2H10l-2.2 6.4-1.9-.7L7.9 5H4zm-1.6 9.3l1.4-1.4L6 13.1l2.2-2.2 1.4 1.4L7.4 14.5l2.2 2.2-1.4 1.4L6 15.9l-2.2 2.2-1.4-1.4 2.2-2.2z" />
  </Icon>
);

export const Header1Icon = () => (
  <Icon>
    <path d="M1.5 3h2v5h5V3h2v12h-2v-5h-5v5h-2zM13 9.2l1.8-.9h1.3V15h-1.6v-4.8l-1 .5z" />
  </Icon>
);

export const Header2Icon = () => (
  <Icon>
    <path d="M1.5 3h2v5h5V3h2v12h-2v-5h-5v5h-2zM12.3 10c.3-1 1.1-1.6 2.1-1.6 1.2 0 2 .8 2 1.8 0 .8-.4 1.3-1.1 1.9l-.9.7h2.1V15h-4.3v-1.2l2.1-1.8c.4-.4.6-.6.6-1 0-.3-.2-.6-.6-.6s-.6.3-.8.7z" />
  </Icon>
);
