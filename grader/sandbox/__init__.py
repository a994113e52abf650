"""Running untrusted student code: the worker process and its plain-data channel."""
