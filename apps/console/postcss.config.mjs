// PostCSS for the console app: Mantine's preset (rem(), light-dark(), breakpoint mixins) in our CSS modules.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
