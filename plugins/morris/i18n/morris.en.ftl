# The morris plugin's words in English, where they read better than its own.
reason-two-men-left = only two men left
