"""The browser's static files tested without a browser (the words of web/i18n/)."""
