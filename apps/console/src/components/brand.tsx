// The portal's mark, drawn inline (decorative: the text beside it names the app).
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="hc-brand-mark"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#3a19b3" />
      <path
        d="M32 9l19 11v24L32 55 13 44V20z"
        fill="none"
        stroke="#ffc53d"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <text
        x="32"
        y="40"
        fontFamily="Arial,Helvetica,sans-serif"
        fontSize="19"
        fontWeight="700"
        textAnchor="middle"
        fill="#fff"
      >
        HC
      </text>
    </svg>
  );
}
