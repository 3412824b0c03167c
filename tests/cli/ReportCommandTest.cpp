// placeholder: filled by the issue-20 work
